import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlan } from '@kikstart/contract/admin-money';
import { apiGet } from '../../../../lib/api-client.ts';
import { MONEY_KEY } from './use-money-mutation.ts';

/** GET /api/admin/plans: every membership plan with its live memberships. */
export const getAdminPlans = (signal?: AbortSignal) => apiGet<AdminPlan[]>('/admin/plans', { signal });

export const getAdminPlansQueryOptions = () =>
  queryOptions({ queryKey: [MONEY_KEY, 'plans'], queryFn: ({ signal }) => getAdminPlans(signal) });

export const useGetAdminPlans = () => useQuery({ ...getAdminPlansQueryOptions(), placeholderData: keepPreviousData });
