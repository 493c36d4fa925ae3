import type { AdminLeadDetail } from '@kikstart/contract/admin-leads';
import { apiWrite } from '../../../../lib/api-client.ts';
import { useLeadWrite } from './use-lead-write.ts';

/** POST /api/admin/leads/coach-request/:id/decline {reason}: the reason is mailed to the requester. */
export const declineCoachRequest = (id: string, reason: string) =>
  apiWrite<AdminLeadDetail>(`/admin/leads/coach-request/${encodeURIComponent(id)}/decline`, { reason });

export const useDeclineCoachRequest = (id: string) =>
  useLeadWrite('coach-request', id, (reason: string) => declineCoachRequest(id, reason));
