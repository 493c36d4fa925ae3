import { useMutation } from '@tanstack/react-query';
import type { DemoRequestInput, LeadReceipt } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/demo/create: a free demo request (with offerId when opened from an offer). The client toasts the server's message (spec §8). */
export const createDemoRequest = (input: DemoRequestInput) => apiWrite<LeadReceipt>('/demo/create', input);

export const useCreateDemoRequest = () => useMutation({ mutationFn: createDemoRequest });
