import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkippedDate } from '@kikstart/contract/coach';
import { apiWrite } from '../../../../lib/api-client.ts';
import { skippedDatesKey } from './get-skipped-dates.ts';

/** POST /api/admin/programs/:programId/skipped-dates: the day is no longer a session. */
export const skipDate = ({ programId, date, reason }: { programId: string; date: string; reason: string }) =>
  apiWrite<SkippedDate[]>(`/admin/programs/${encodeURIComponent(programId)}/skipped-dates`, { date, reason }).then(
    (e) => e.data,
  );

export function useSkipDate(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipDate,
    onSuccess: (list) => queryClient.setQueryData(skippedDatesKey(programId), list),
  });
}
