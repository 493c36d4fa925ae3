import { useMutation } from '@tanstack/react-query';
import type { SchoolRequestInput, LeadReceipt } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/bringKikStartToMySchool/request: asks to bring the programs to a school. The client toasts the server's message (spec §8). */
export const requestSchool = (input: SchoolRequestInput) =>
  // Not a spec §8 write: the confirmation in place of the form shows the server's message.
  apiWrite<LeadReceipt>('/bringKikStartToMySchool/request', input, { successToast: false });

export const useRequestSchool = () => useMutation({ mutationFn: requestSchool });
