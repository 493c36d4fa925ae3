import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoachProgram } from '@kikstart/contract/coach';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/coach/programs: the programs I coach, those with a session today first. */
export const getCoachPrograms = (signal?: AbortSignal) => apiGet<CoachProgram[]>('/coach/programs', { signal });

export const coachProgramsQueryOptions = () =>
  queryOptions({ queryKey: ['coach', 'programs'], queryFn: ({ signal }) => getCoachPrograms(signal) });

export const useCoachPrograms = () => useQuery(coachProgramsQueryOptions());
