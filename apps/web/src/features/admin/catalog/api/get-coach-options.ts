import { useQuery } from '@tanstack/react-query';
import type { CoachOption } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/programs/coaches: the accounts a program can name as its coach. */
export const getCoachOptions = (signal?: AbortSignal) => apiGet<CoachOption[]>('/admin/programs/coaches', { signal });

export const useCoachOptions = () =>
  useQuery({ queryKey: catalogKey('coach-options'), queryFn: ({ signal }) => getCoachOptions(signal) });
