import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@kikstart/contract/common';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/enrollments/list: the family's enrollments (the server caps a page at 50). */
export const getEnrollments = (page = 1, signal?: AbortSignal) =>
  apiGet<Paged<Enrollment>>('/enrollments/list', { query: { page, limit: 50 }, signal });

export const enrollmentsQueryOptions = (page = 1) =>
  queryOptions({ queryKey: ['enrollments', 'list', page], queryFn: ({ signal }) => getEnrollments(page, signal) });

export const useEnrollments = (page = 1) => useQuery(enrollmentsQueryOptions(page));
