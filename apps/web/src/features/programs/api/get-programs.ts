import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@kikstart/contract/common';
import type { ProgramSummary } from '@kikstart/contract/programs';
import { apiGet } from '../../../lib/api-client.ts';
import type { CatalogFilters } from '../catalog-query.ts';
import { filtersToApiQuery } from '../catalog-query.ts';

/** GET /api/programs/all-list: open programs, searched and filtered on the server. */
export const getPrograms = (filters: CatalogFilters, signal?: AbortSignal) =>
  apiGet<Paged<ProgramSummary>>('/programs/all-list', { query: filtersToApiQuery(filters), signal });

export const programsQueryOptions = (filters: CatalogFilters) =>
  queryOptions({
    queryKey: ['programs', 'list', filters],
    queryFn: ({ signal }) => getPrograms(filters, signal),
    staleTime: 60_000,
  });

/** Keeps the previous page on screen while the next one loads (no flash of skeletons on paging). */
export const usePrograms = (filters: CatalogFilters) =>
  useQuery({ ...programsQueryOptions(filters), placeholderData: keepPreviousData });
