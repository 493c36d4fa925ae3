import type { AdminTransaction } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** POST /api/admin/transactions/:id/handed-back: an office refund was given back in person. */
export const markRefundHandedBack = (id: string) =>
  apiRequest<AdminTransaction>(`/admin/transactions/${encodeURIComponent(id)}/handed-back`, {
    method: 'POST',
    body: {},
  });

export const useMarkRefundHandedBack = () => useMoneyMutation(markRefundHandedBack);
