import { useMutation } from '@tanstack/react-query';
import { CV_FIELD } from '@kikstart/contract/leads';
import type { CoachApplicationInput, CoachApplicationReceipt } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

export interface CoachApplicationRequest extends CoachApplicationInput {
  cv: File;
}

/** The multipart body: the text fields, then the CV as the file field `cv`. */
export function coachApplicationFormData({ cv, ...fields }: CoachApplicationRequest): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') body.append(key, value);
  body.append(CV_FIELD, cv, cv.name);
  return body;
}

/**
 * POST /api/become-a-coach/submit (multipart): a coach application with a CV. `cvKept` is
 * false when the server's CV store was full: the application arrived without the CV.
 */
export const submitCoachApplication = (input: CoachApplicationRequest) =>
  // Not a spec §8 write: the confirmation in place of the form shows the server's message.
  apiWrite<CoachApplicationReceipt>('/become-a-coach/submit', coachApplicationFormData(input), {
    successToast: false,
  });

export const useSubmitCoachApplication = () => useMutation({ mutationFn: submitCoachApplication });
