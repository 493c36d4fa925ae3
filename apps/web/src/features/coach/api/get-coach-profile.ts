import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachProfile } from '@kikstart/contract/coach';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/coach/profile: my public coach profile (photo, bio, credentials). */
export const getCoachProfile = (signal?: AbortSignal) => apiGet<CoachProfile>('/coach/profile', { signal });

export const coachProfileQueryKey = ['coach', 'profile'] as const;

export const coachProfileQueryOptions = () =>
  queryOptions({ queryKey: coachProfileQueryKey, queryFn: ({ signal }) => getCoachProfile(signal) });

export const useCoachProfile = () => useQuery(coachProfileQueryOptions());
