import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Roster } from '@kikstart/contract/coach';
import { apiGet } from '../../../lib/api-client.ts';

export const sessionPath = (programId: string, date: string) =>
  `/coach/programs/${encodeURIComponent(programId)}/sessions/${encodeURIComponent(date)}`;

/** GET /api/coach/programs/:programId/sessions/:date/roster: the children, their allergies and pickup lists. */
export const getRoster = (programId: string, date: string, signal?: AbortSignal) =>
  apiGet<Roster>(`${sessionPath(programId, date)}/roster`, { signal });

export const rosterQueryKey = (programId: string, date: string) => ['coach', 'roster', programId, date];

export const rosterQueryOptions = (programId: string, date: string) =>
  queryOptions({
    queryKey: rosterQueryKey(programId, date),
    queryFn: ({ signal }) => getRoster(programId, date, signal),
  });

export const useRoster = (programId: string, date: string) => useQuery(rosterQueryOptions(programId, date));
