import { useMutation } from '@tanstack/react-query';
import type { EnquiryInput, LeadReceipt } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/contact-us/submit: the contact page form. The client toasts the server's message (spec §8). */
export const submitContact = (input: EnquiryInput) => apiWrite<LeadReceipt>('/contact-us/submit', input);

export const useSubmitContact = () => useMutation({ mutationFn: submitContact });
