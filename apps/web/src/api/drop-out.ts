import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { apiWrite } from '../lib/api-client.ts';

/** POST /api/children/drop-out: withdraws a child (or leaves the waitlist), with a reason. */
export const dropOut = (body: { enrollmentId: string; reason: string }) =>
  apiWrite<Enrollment>('/children/drop-out', body).then((e) => e.data);

export function useDropOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dropOut,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['enrollments'], refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['programs'], refetchType: 'all' }),
      ]),
  });
}
