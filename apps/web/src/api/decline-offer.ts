import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { apiWrite } from '../lib/api-client.ts';

/** POST /api/enrollments/decline-offer: gives the seat to the next family. */
export const declineOffer = (enrollmentId: string) =>
  apiWrite<Enrollment>('/enrollments/decline-offer', { enrollmentId }).then((e) => e.data);

export function useDeclineOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enrollments'], refetchType: 'all' }),
  });
}
