import type { AdminTransaction, RefundInput } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** POST /api/admin/transactions/:id/refund: the requestId makes a double submit refund once. */
export const refundPayment = ({ id, ...body }: RefundInput & { id: string }) =>
  apiRequest<AdminTransaction>(`/admin/transactions/${encodeURIComponent(id)}/refund`, { method: 'POST', body });

export const useRefundPayment = () => useMoneyMutation(refundPayment);
