import { queryOptions, useQuery } from '@tanstack/react-query';
import type { School } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/school/all-list: partner schools, for the child form's school picker. */
export const getSchools = (signal?: AbortSignal) => apiGet<School[]>('/school/all-list', { signal });

export const schoolsQueryOptions = () =>
  queryOptions({ queryKey: ['schools'], queryFn: ({ signal }) => getSchools(signal), staleTime: 10 * 60_000 });

export const useSchools = () => useQuery(schoolsQueryOptions());
