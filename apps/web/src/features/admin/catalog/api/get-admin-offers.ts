import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminOffer } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/offers?<query>: every offer, hidden or not, in public order. */
export const getAdminOffers = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminOffer>>(`/admin/offers?${query}`, { signal });

export const useAdminOffers = (query: string) =>
  useQuery({
    queryKey: catalogKey('offers', query),
    queryFn: ({ signal }) => getAdminOffers(query, signal),
    placeholderData: keepPreviousData,
  });
