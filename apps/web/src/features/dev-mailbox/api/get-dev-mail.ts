import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMail } from '@kikstart/contract/auth';
import { apiGet } from '../../../lib/api-client.ts';
import { devMailboxKeyRoot } from './get-dev-mailbox.ts';

/** GET /api/dev/mailbox/:id: one mail with its text, HTML and links. */
export const getDevMail = (id: string, signal?: AbortSignal) =>
  apiGet<DevMail>(`/dev/mailbox/${encodeURIComponent(id)}`, { signal, notifyOnError: false });

export const devMailQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: [...devMailboxKeyRoot, 'mail', id],
    queryFn: ({ signal }) => getDevMail(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDevMail = (id: string | null) => useQuery(devMailQueryOptions(id));
