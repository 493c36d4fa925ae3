import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentPage, SettingsData } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/cms/settings-data: footer contact details and social links. */
export const getSettings = (signal?: AbortSignal) =>
  apiGet<ContentPage<SettingsData>>('/cms/settings-data', { signal });

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['cms', 'settings-data'],
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 10 * 60_000,
  });

export const useSettings = () => useQuery(settingsQueryOptions());
