import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment, EnrollmentCreateBody } from '@kikstart/contract/enrollments';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/enrollments/create: holds a seat (pending payment) or joins the waitlist. */
export const createEnrollment = (body: EnrollmentCreateBody) =>
  apiWrite<Enrollment>('/enrollments/create', body).then((e) => e.data);

/** Named so the wizard can tell a hold in flight: its own eligibility check changes under it. */
export const createEnrollmentKey = ['enrollments', 'create'] as const;

export function useCreateEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createEnrollmentKey,
    mutationFn: createEnrollment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['enrollments'], refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['programs'], refetchType: 'all' }),
      ]),
  });
}
