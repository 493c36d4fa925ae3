import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkippedDate } from '@kikstart/contract/coach';
import { apiWrite } from '../../../../lib/api-client.ts';
import { skippedDatesKey } from './get-skipped-dates.ts';

/** DELETE /api/admin/programs/:programId/skipped-dates/:date: the day is a session again. */
export const unskipDate = ({ programId, date }: { programId: string; date: string }) =>
  apiWrite<SkippedDate[]>(
    `/admin/programs/${encodeURIComponent(programId)}/skipped-dates/${encodeURIComponent(date)}`,
    undefined,
    { method: 'DELETE' },
  ).then((e) => e.data);

export function useUnskipDate(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unskipDate,
    onSuccess: (list) => queryClient.setQueryData(skippedDatesKey(programId), list),
  });
}
