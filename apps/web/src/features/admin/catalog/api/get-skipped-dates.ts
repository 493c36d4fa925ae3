import { useQuery } from '@tanstack/react-query';
import type { SkippedDate } from '@kikstart/contract/coach';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/programs/:programId/skipped-dates: the days the program does not meet. */
export const getSkippedDates = (programId: string, signal?: AbortSignal) =>
  apiGet<SkippedDate[]>(`/admin/programs/${encodeURIComponent(programId)}/skipped-dates`, { signal });

export const skippedDatesKey = (programId: string) => catalogKey('skipped-dates', programId);

export const useSkippedDates = (programId: string) =>
  useQuery({ queryKey: skippedDatesKey(programId), queryFn: ({ signal }) => getSkippedDates(programId, signal) });
