import type { AdminLeadDetail } from '@kikstart/contract/admin-leads';
import { apiWrite } from '../../../../lib/api-client.ts';
import { useLeadWrite } from './use-lead-write.ts';

export type ApplicationDecision = 'hired' | 'rejected';

/** POST /api/admin/leads/coach-application/:id/decision: hired (CV kept) or rejected (CV deleted soon). */
export const decideCoachApplication = (id: string, decision: ApplicationDecision) =>
  apiWrite<AdminLeadDetail>(`/admin/leads/coach-application/${encodeURIComponent(id)}/decision`, { decision });

export const useDecideCoachApplication = (id: string) =>
  useLeadWrite('coach-application', id, (decision: ApplicationDecision) => decideCoachApplication(id, decision));
