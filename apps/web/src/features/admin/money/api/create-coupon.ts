import type { AdminCoupon, AdminCouponInput } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** POST /api/admin/coupons. */
export const createCoupon = (body: AdminCouponInput) =>
  apiRequest<AdminCoupon>('/admin/coupons', { method: 'POST', body });

export const useCreateCoupon = () => useMoneyMutation(createCoupon);
