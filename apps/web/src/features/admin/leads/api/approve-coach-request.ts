import type { AdminLeadDetail } from '@kikstart/contract/admin-leads';
import { apiWrite } from '../../../../lib/api-client.ts';
import { useLeadWrite } from './use-lead-write.ts';

/** POST /api/admin/leads/coach-request/:id/approve: the account gains the coach role and is mailed. */
export const approveCoachRequest = (id: string) =>
  apiWrite<AdminLeadDetail>(`/admin/leads/coach-request/${encodeURIComponent(id)}/approve`);

export const useApproveCoachRequest = (id: string) => useLeadWrite('coach-request', id, () => approveCoachRequest(id));
