import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@kikstart/contract/common';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/enrollments/list?status=pending_payment: the seats the family holds, waiting for payment (the basket). */
export const getHeldEnrollments = (signal?: AbortSignal) =>
  apiGet<Paged<Enrollment>>('/enrollments/list', { query: { status: UNPAID_HOLD_STATUS, page: 1, limit: 50 }, signal });

// Under ['enrollments'], so every seat change that refreshes the enrollments refreshes the basket too.
export const heldEnrollmentsQueryOptions = () =>
  queryOptions({ queryKey: ['enrollments', 'held'], queryFn: ({ signal }) => getHeldEnrollments(signal) });

export const useHeldEnrollments = () => useQuery(heldEnrollmentsQueryOptions());
