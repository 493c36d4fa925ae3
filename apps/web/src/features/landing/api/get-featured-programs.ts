import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@kikstart/contract/common';
import type { ProgramSummary } from '@kikstart/contract/programs';
import { apiGet } from '../../../lib/api-client.ts';

/** How many programs the home page features: one row of cards on a desktop. */
export const FEATURED_PROGRAMS = 3;

/**
 * GET /api/programs/all-list: the open programs starting soonest (the catalog's own order), as
 * the same summaries the catalog shows, so a featured card has the schedule, dates and ages.
 */
export const getFeaturedPrograms = (signal?: AbortSignal) =>
  apiGet<Paged<ProgramSummary>>('/programs/all-list', { query: { limit: FEATURED_PROGRAMS }, signal });

export const featuredProgramsQueryOptions = () =>
  queryOptions({
    queryKey: ['programs', 'featured'],
    queryFn: ({ signal }) => getFeaturedPrograms(signal),
    staleTime: 60_000,
  });

export const useFeaturedPrograms = () => useQuery(featuredProgramsQueryOptions());
