import type { AdminCoupon, AdminCouponInput } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** PUT /api/admin/coupons/:id: the whole coupon, as the edit form holds it. */
export const updateCoupon = ({ id, ...body }: AdminCouponInput & { id: string }) =>
  apiRequest<AdminCoupon>(`/admin/coupons/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const useUpdateCoupon = () => useMoneyMutation(updateCoupon);
