import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnrollmentCheck } from '@kikstart/contract/enrollments';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/children/check-program-enrollment: eligible, why not, already enrolled or waitlisted. */
export const checkEnrollment = (childId: string, programId: string, signal?: AbortSignal) =>
  apiGet<EnrollmentCheck>('/children/check-program-enrollment', { query: { childId, programId }, signal });

export const checkEnrollmentQueryOptions = (childId: string, programId: string) =>
  queryOptions({
    queryKey: ['enrollments', 'check', childId, programId],
    queryFn: ({ signal }) => checkEnrollment(childId, programId, signal),
  });

export const useCheckEnrollment = (childId: string | null, programId: string) =>
  useQuery({ ...checkEnrollmentQueryOptions(childId ?? '', programId), enabled: !!childId });
