import type { AdminPlan, AdminPlanUpdate } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** PATCH /api/admin/plans/:id: price, children covered, offered or not. */
export const updatePlan = ({ id, ...body }: AdminPlanUpdate & { id: string }) =>
  apiRequest<AdminPlan>(`/admin/plans/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const useUpdatePlan = () => useMoneyMutation(updatePlan);
