import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandingPage } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/cms/landing-page: hero, stats, steps and featured programs. */
export const getLandingPage = (signal?: AbortSignal) => apiGet<LandingPage>('/cms/landing-page', { signal });

export const landingPageQueryOptions = () =>
  queryOptions({
    queryKey: ['cms', 'landing-page'],
    queryFn: ({ signal }) => getLandingPage(signal),
    staleTime: 5 * 60_000,
  });

export const useLandingPage = () => useQuery(landingPageQueryOptions());
