import type { RefundRequest } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** POST /api/admin/refund-requests/:id/approve: refunded through the gateway, the family mailed. */
export const approveRefundRequest = (id: string) =>
  apiRequest<RefundRequest>(`/admin/refund-requests/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} });

export const useApproveRefundRequest = () => useMoneyMutation(approveRefundRequest);
