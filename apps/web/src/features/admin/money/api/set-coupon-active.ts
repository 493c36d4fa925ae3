import type { AdminCoupon } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** POST /api/admin/coupons/:id/deactivate (or activate). */
export const setCouponActive = ({ id, active }: { id: string; active: boolean }) =>
  apiRequest<AdminCoupon>(`/admin/coupons/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`, {
    method: 'POST',
    body: {},
  });

export const useSetCouponActive = () => useMoneyMutation(setCouponActive);
