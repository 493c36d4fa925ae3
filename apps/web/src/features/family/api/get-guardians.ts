import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardianList } from '@kikstart/contract/family';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/family/guardians: who shares the family, and invitations not yet accepted. */
export const getGuardians = (signal?: AbortSignal) => apiGet<GuardianList>('/family/guardians', { signal });

export const guardiansQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'guardians'], queryFn: ({ signal }) => getGuardians(signal) });

export const useGuardians = () => useQuery(guardiansQueryOptions());
