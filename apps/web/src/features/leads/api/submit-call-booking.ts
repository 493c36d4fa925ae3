import { useMutation } from '@tanstack/react-query';
import type { CallBookingInput, LeadReceipt } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/call-booking/submit: books a call at the chosen time. The client toasts the server's message (spec §8). */
// Not a spec §8 write: the confirmation in place of the form shows the server's message, so no toast repeats it.
export const submitCallBooking = (input: CallBookingInput) =>
  apiWrite<LeadReceipt>('/call-booking/submit', input, { successToast: false });

export const useSubmitCallBooking = () => useMutation({ mutationFn: submitCallBooking });
