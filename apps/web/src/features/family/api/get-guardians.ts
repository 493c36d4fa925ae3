import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export interface Guardian {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isYou: boolean;
}

export interface GuardianList {
  guardians: Guardian[];
  pendingInvites: { email: string; expiresAt: string }[];
}

/** GET /api/family/guardians: who shares the family, and invitations not yet accepted. */
export const getGuardians = (signal?: AbortSignal) => apiGet<GuardianList>('/family/guardians', { signal });

export const guardiansQueryOptions = () => queryOptions({ queryKey: ['family', 'guardians'], queryFn: ({ signal }) => getGuardians(signal) });

export const useGuardians = () => useQuery(guardiansQueryOptions());
