import type { AdminLeadDetail, LeadKind, LeadStatus } from '@kikstart/contract/admin-leads';
import { apiWrite } from '../../../../lib/api-client.ts';
import { useLeadWrite } from './use-lead-write.ts';

export interface LeadChange {
  status?: LeadStatus;
  ownerId?: string | null;
}

/** PATCH /api/admin/leads/:kind/:id: a new status or owner. */
export const updateLead = (kind: LeadKind, id: string, change: LeadChange) =>
  apiWrite<AdminLeadDetail>(`/admin/leads/${kind}/${encodeURIComponent(id)}`, change, { method: 'PATCH' });

export const useUpdateLead = (kind: LeadKind, id: string) =>
  useLeadWrite(kind, id, (change: LeadChange) => updateLead(kind, id, change));
