import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceStatus } from '@kikstart/contract/attendance';
import { apiWrite } from '../../../lib/api-client.ts';
import { rosterQueryKey, sessionPath } from './get-roster.ts';

export interface MarkAttendance {
  childId: string;
  status: AttendanceStatus;
  note?: string;
}

/** PUT /api/coach/programs/:programId/sessions/:date/attendance/:childId. */
export const markAttendance = (programId: string, date: string, { childId, ...body }: MarkAttendance) =>
  apiWrite<null>(`${sessionPath(programId, date)}/attendance/${encodeURIComponent(childId)}`, body, { method: 'PUT' });

export function useMarkAttendance(programId: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkAttendance) => markAttendance(programId, date, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rosterQueryKey(programId, date) }),
  });
}
