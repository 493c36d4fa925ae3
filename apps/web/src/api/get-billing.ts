import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Billing } from '@kikstart/contract/memberships';
import { apiGet } from '../lib/api-client.ts';

/** GET /api/stripe-subscription/details: the family's membership, its covered children and a failed renewal. */
export const getBilling = (signal?: AbortSignal) => apiGet<Billing>('/stripe-subscription/details', { signal });

export const billingQueryOptions = () =>
  queryOptions({ queryKey: ['membership', 'billing'], queryFn: ({ signal }) => getBilling(signal) });

export const useBilling = () => useQuery(billingQueryOptions());
