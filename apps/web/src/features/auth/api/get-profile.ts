import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@kikstart/contract/common';
import { apiRequest } from '../../../lib/api-client.ts';
import type { UserProfile } from '@kikstart/contract/auth';

export type Profile = UserProfile;

export const profileQueryKeyRoot = ['user', 'profile'] as const;

/** GET /api/user/profile: the caller reads `status` and `data` (spec §7). Silent on failure. */
export const getProfile = (signal?: AbortSignal): Promise<Envelope<Profile>> =>
  apiRequest<Profile>('/user/profile', { signal, notifyOnError: false });

/** Keyed by token, so a new sign-in fetches a fresh profile. Only runs with a token (spec §6). */
export const profileQueryOptions = (token: string | undefined) =>
  queryOptions({
    queryKey: [...profileQueryKeyRoot, token ?? null],
    queryFn: ({ signal }) => getProfile(signal),
    enabled: Boolean(token),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useProfileQuery = (token: string | undefined) => useQuery(profileQueryOptions(token));
