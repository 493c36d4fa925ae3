import type { SiblingDiscount } from '@kikstart/contract/admin-money';
import { apiRequest } from '../../../../lib/api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

/** PUT /api/admin/settings/sibling-discount. */
export const setSiblingDiscount = (body: SiblingDiscount) =>
  apiRequest<SiblingDiscount>('/admin/settings/sibling-discount', { method: 'PUT', body });

export const useSetSiblingDiscount = () => useMoneyMutation(setSiblingDiscount);
