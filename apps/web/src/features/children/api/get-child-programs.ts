import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/children/program-list?childId: one child's enrollments. */
export const getChildPrograms = (childId: string, signal?: AbortSignal) =>
  apiGet<Enrollment[]>('/children/program-list', { query: { childId }, signal });

export const childProgramsQueryOptions = (childId: string) =>
  queryOptions({
    queryKey: ['enrollments', 'child', childId],
    queryFn: ({ signal }) => getChildPrograms(childId, signal),
  });

export const useChildPrograms = (childId: string) => useQuery(childProgramsQueryOptions(childId));
