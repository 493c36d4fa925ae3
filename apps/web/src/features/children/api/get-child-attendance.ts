import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChildAttendance } from '@kikstart/contract/coach';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/children/:childId/attendance: the child's sessions, marks and pickups, newest first. */
export const getChildAttendance = (childId: string, signal?: AbortSignal) =>
  apiGet<ChildAttendance>(`/children/${encodeURIComponent(childId)}/attendance`, { signal });

export const childAttendanceQueryOptions = (childId: string) =>
  queryOptions({
    queryKey: ['children', childId, 'attendance'],
    queryFn: ({ signal }) => getChildAttendance(childId, signal),
  });

export const useChildAttendance = (childId: string) => useQuery(childAttendanceQueryOptions(childId));
