import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachProgram } from '@kikstart/contract/coach';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/coach/programs: the programs a coach may message as a whole. */
export const getMyPrograms = (signal?: AbortSignal) => apiGet<CoachProgram[]>('/coach/programs', { signal });

export const myProgramsQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'coach-programs'], queryFn: ({ signal }) => getMyPrograms(signal) });

export const useMyPrograms = (enabled: boolean) => useQuery({ ...myProgramsQueryOptions(), enabled });
