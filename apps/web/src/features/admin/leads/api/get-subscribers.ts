import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubscriber } from '@kikstart/contract/admin-leads';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/newsletter?<query>: one page of newsletter subscribers. */
export const getSubscribers = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminSubscriber>>(`/admin/newsletter?${query}`, { signal });

export const subscribersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'newsletter', 'list', query],
    queryFn: ({ signal }) => getSubscribers(query, signal),
  });

export const useSubscribers = (query: string) =>
  useQuery({ ...subscribersQueryOptions(query), placeholderData: keepPreviousData });
