import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@kikstart/contract/memberships';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/membership-pan/list: the plans, with the programs they cover. */
export const getPlans = (signal?: AbortSignal) => apiGet<Plan[]>('/membership-pan/list', { signal });

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['membership', 'plans'], queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(plansQueryOptions());
