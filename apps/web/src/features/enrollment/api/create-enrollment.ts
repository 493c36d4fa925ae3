import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment, EnrollmentCreateBody } from '@kikstart/contract/enrollments';
import { apiWrite } from '../../../lib/api-client.ts';

/**
 * Refusals the wizard's last step explains itself, with the way forward (hold-refused.tsx, the
 * clash question): a toast would repeat the sentence.
 */
export const HOLD_REFUSALS_SHOWN_IN_STEP = ['EMAIL_UNVERIFIED', 'HOLD_LIMIT', 'SCHEDULE_CLASH'] as const;

/** POST /api/enrollments/create: holds a seat (pending payment) or joins the waitlist. */
export const createEnrollment = (body: EnrollmentCreateBody) =>
  apiWrite<Enrollment>('/enrollments/create', body, { quietCodes: HOLD_REFUSALS_SHOWN_IN_STEP }).then((e) => e.data);

/** Named so the wizard can tell a hold in flight: its own eligibility check changes under it. */
export const createEnrollmentKey = ['enrollments', 'create'] as const;

export function useCreateEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createEnrollmentKey,
    mutationFn: createEnrollment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['enrollments'], refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['programs'], refetchType: 'all' }),
      ]),
  });
}
