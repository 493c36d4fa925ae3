import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChildBasic } from '@kikstart/contract/children';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/children/basic-list: id and name of each child, for pickers. */
export const getChildrenBasic = (signal?: AbortSignal) => apiGet<ChildBasic[]>('/children/basic-list', { signal });

export const childrenBasicQueryOptions = () =>
  queryOptions({ queryKey: ['children', 'basic'], queryFn: ({ signal }) => getChildrenBasic(signal) });

export const useChildrenBasic = () => useQuery(childrenBasicQueryOptions());
