import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BringToSchoolPage } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/bringKikStartToMySchool/list: page copy plus partner schools. */
export const getBringToSchool = (signal?: AbortSignal) =>
  apiGet<BringToSchoolPage>('/bringKikStartToMySchool/list', { signal });

export const bringToSchoolQueryOptions = () =>
  queryOptions({
    queryKey: ['bring-to-school'],
    queryFn: ({ signal }) => getBringToSchool(signal),
    staleTime: 5 * 60_000,
  });

export const useBringToSchool = () => useQuery(bringToSchoolQueryOptions());
