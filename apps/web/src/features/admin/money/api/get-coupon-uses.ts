import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { CouponUse } from '@kikstart/contract/admin-money';
import { apiGet } from '../../../../lib/api-client.ts';
import { MONEY_KEY } from './use-money-mutation.ts';

/** GET /api/admin/coupons/:id/uses: the checkouts that used a coupon (the newest 100). */
export const getCouponUses = (id: string, signal?: AbortSignal) =>
  apiGet<AdminPage<CouponUse>>(`/admin/coupons/${encodeURIComponent(id)}/uses?pageSize=100`, { signal });

export const getCouponUsesQueryOptions = (id: string) =>
  queryOptions({ queryKey: [MONEY_KEY, 'coupon-uses', id], queryFn: ({ signal }) => getCouponUses(id, signal) });

export const useGetCouponUses = (id: string) =>
  useQuery({ ...getCouponUsesQueryOptions(id), placeholderData: keepPreviousData });
