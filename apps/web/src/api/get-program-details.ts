import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { apiGet } from '../lib/api-client.ts';

/** GET /api/programs/details?id: schedule, seats, coach and activities of one program. */
export const getProgramDetails = (id: string, signal?: AbortSignal) =>
  apiGet<ProgramDetails>('/programs/details', { query: { id }, signal });

export const programDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['programs', 'details', id],
    queryFn: ({ signal }) => getProgramDetails(id, signal),
    staleTime: 30_000,
  });

export const useProgramDetails = (id: string) => useQuery(programDetailsQueryOptions(id));
