import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-client.ts';
import { rosterQueryKey, sessionPath } from './get-roster.ts';

export interface RecordPickup {
  childId: string;
  personId: string;
  /** ISO 8601; the server's now when left out. */
  at?: string;
}

/** POST /api/coach/programs/:programId/sessions/:date/pickup/:childId: a guardian or a listed person only. */
export const recordPickup = (programId: string, date: string, { childId, ...body }: RecordPickup) =>
  apiWrite<null>(`${sessionPath(programId, date)}/pickup/${encodeURIComponent(childId)}`, body);

export function useRecordPickup(programId: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordPickup) => recordPickup(programId, date, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rosterQueryKey(programId, date) }),
  });
}
