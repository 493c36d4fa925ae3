import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Child } from '@kikstart/contract/children';
import { apiGet } from '../lib/api-client.ts';

/** GET /api/children/list: the family's children with every detail. */
export const getChildren = (signal?: AbortSignal) => apiGet<Child[]>('/children/list', { signal });

export const childrenQueryOptions = () =>
  queryOptions({ queryKey: ['children', 'list'], queryFn: ({ signal }) => getChildren(signal) });

export const useChildren = () => useQuery(childrenQueryOptions());

/** One child out of the full list (there is no single-child endpoint with every field). */
export const useChild = (id: string) =>
  useQuery({ ...childrenQueryOptions(), select: (children) => children.find((c) => c.id === id) ?? null });
