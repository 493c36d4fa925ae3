import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChildBasicInfo } from '@kikstart/contract/children';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/children/basic-info?id: one child's identity and school. */
export const getChildBasicInfo = (id: string, signal?: AbortSignal) =>
  apiGet<ChildBasicInfo>('/children/basic-info', { query: { id }, signal });

export const childBasicInfoQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['children', 'basic-info', id], queryFn: ({ signal }) => getChildBasicInfo(id, signal) });

export const useChildBasicInfo = (id: string | null) =>
  useQuery({ ...childBasicInfoQueryOptions(id ?? ''), enabled: !!id });
