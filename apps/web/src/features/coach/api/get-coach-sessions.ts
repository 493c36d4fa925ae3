import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachSessions } from '@kikstart/contract/coach';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/coach/programs/:programId/sessions: today, upcoming and past sessions of one program. */
export const getCoachSessions = (programId: string, signal?: AbortSignal) =>
  apiGet<CoachSessions>(`/coach/programs/${encodeURIComponent(programId)}/sessions`, { signal });

export const coachSessionsQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: ['coach', 'sessions', programId],
    queryFn: ({ signal }) => getCoachSessions(programId, signal),
  });

export const useCoachSessions = (programId: string) => useQuery(coachSessionsQueryOptions(programId));
