import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLeadDetail, LeadKind } from '@kikstart/contract/admin-leads';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/leads/:kind/:id: one lead with its fields, notes and decisions. */
export const getLead = (kind: LeadKind, id: string, signal?: AbortSignal) =>
  apiGet<AdminLeadDetail>(`/admin/leads/${kind}/${encodeURIComponent(id)}`, { signal });

export const leadQueryKey = (kind: LeadKind, id: string) => ['admin', 'leads', 'detail', kind, id] as const;

export const leadQueryOptions = (kind: LeadKind, id: string) =>
  queryOptions({ queryKey: leadQueryKey(kind, id), queryFn: ({ signal }) => getLead(kind, id, signal) });

export const useLead = (kind: LeadKind, id: string) => useQuery(leadQueryOptions(kind, id));
