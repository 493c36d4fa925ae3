import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadOwner } from '@kikstart/contract/admin-leads';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/leads/owners: the admins a lead can be given to. */
export const getLeadOwners = (signal?: AbortSignal) => apiGet<LeadOwner[]>('/admin/leads/owners', { signal });

export const leadOwnersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'leads', 'owners'],
    queryFn: ({ signal }) => getLeadOwners(signal),
    staleTime: 5 * 60_000,
  });

export const useLeadOwners = () => useQuery(leadOwnersQueryOptions());
