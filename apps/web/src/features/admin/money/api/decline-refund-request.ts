import type { RefundRequest } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** POST /api/admin/refund-requests/:id/decline: the reason is mailed to the family. */
export const declineRefundRequest = ({ id, reason }: { id: string; reason: string }) =>
  apiRequest<RefundRequest>(`/admin/refund-requests/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body: { reason },
  });

export const useDeclineRefundRequest = () => useMoneyMutation(declineRefundRequest);
