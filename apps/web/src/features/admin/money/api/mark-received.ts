import type { CheckoutOutcome, MarkReceivedInput } from '@kikstart/contract/payments';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** POST /api/admin/payments/mark-received: the cash or check for an office payment is in; the seats are confirmed. */
export const markReceived = (body: MarkReceivedInput) =>
  apiRequest<CheckoutOutcome>('/admin/payments/mark-received', { method: 'POST', body });

export const useMarkReceived = () => useMoneyMutation(markReceived);
