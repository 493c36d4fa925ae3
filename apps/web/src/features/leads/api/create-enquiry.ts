import { useMutation } from '@tanstack/react-query';
import type { EnquiryInput, LeadReceipt } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/enquiry/create: an inquiry (e.g. the FAQ page's 'Still have a question?'). The client toasts the server's message (spec §8). */
// Not a spec §8 write: the confirmation in place of the form shows the server's message, so no toast repeats it.
export const createEnquiry = (input: EnquiryInput) =>
  apiWrite<LeadReceipt>('/enquiry/create', input, { successToast: false });

export const useCreateEnquiry = () => useMutation({ mutationFn: createEnquiry });
