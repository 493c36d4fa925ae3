import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMail } from '@kikstart/contract/auth';
import type { Paged } from '@kikstart/contract/common';
import { apiGet } from '../../../lib/api-client.ts';

export const DEV_MAILBOX_PAGE_SIZE = 20;
export const devMailboxKeyRoot = ['dev', 'mailbox'] as const;

/** GET /api/dev/mailbox: newest first. 404 in production; the page says so (no toast). */
export const getDevMailbox = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<DevMail>>('/dev/mailbox', {
    query: { page, limit: DEV_MAILBOX_PAGE_SIZE },
    signal,
    notifyOnError: false,
  });

export const devMailboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...devMailboxKeyRoot, 'list', page],
    queryFn: ({ signal }) => getDevMailbox(page, signal),
    // An inbox: show what is new whenever the page opens.
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export const useDevMailbox = (page: number) => useQuery(devMailboxQueryOptions(page));
