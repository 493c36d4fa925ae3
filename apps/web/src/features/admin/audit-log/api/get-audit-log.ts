import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AuditEntry } from '@kikstart/contract/admin-audit';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/audit-log: `query` is the list's query string from useListParams. */
export const getAuditLog = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AuditEntry>>(`/admin/audit-log${query ? `?${query}` : ''}`, { signal });

export const auditLogQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    staleTime: 10_000,
  });

export const useAuditLog = (query: string) =>
  useQuery({ ...auditLogQueryOptions(query), placeholderData: keepPreviousData });
