import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/offer/all-list: current offers. */
export const getOffers = (signal?: AbortSignal) => apiGet<Offer[]>('/offer/all-list', { signal });

export const offersQueryOptions = () =>
  queryOptions({ queryKey: ['offers'], queryFn: ({ signal }) => getOffers(signal), staleTime: 5 * 60_000 });

export const useOffers = () => useQuery(offersQueryOptions());
