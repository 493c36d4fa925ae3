import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardQuery } from '@kikstart/contract/admin-dashboard';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/dashboard: the console home's numbers for a range of days. */
export const getDashboard = (range: DashboardQuery, signal?: AbortSignal) =>
  apiGet<Dashboard>('/admin/dashboard', { query: { from: range.from, to: range.to }, signal });

export const dashboardQueryOptions = (range: DashboardQuery) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', range],
    queryFn: ({ signal }) => getDashboard(range, signal),
    staleTime: 30_000,
  });

/** Keeps the previous range's numbers on screen while the next range loads. */
export const useDashboard = (range: DashboardQuery | null) =>
  useQuery({
    ...dashboardQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
