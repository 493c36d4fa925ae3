import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { apiWrite } from '../lib/api-client.ts';

/** POST /api/enrollments/accept-offer: takes the offered seat (then pending payment). */
export const acceptOffer = (enrollmentId: string) =>
  apiWrite<Enrollment>('/enrollments/accept-offer', { enrollmentId }).then((e) => e.data);

export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enrollments'], refetchType: 'all' }),
  });
}
