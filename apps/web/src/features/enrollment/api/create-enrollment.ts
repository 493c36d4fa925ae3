import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { apiWrite } from '../../../lib/api-client.ts';

export interface CreateEnrollmentBody {
  childId: string;
  programId: string;
  waiverName: string;
  waiverAccepted: true;
  waiverVersion: number;
  acknowledgeClash?: boolean;
  joinWaitlist?: boolean;
}

/** POST /api/enrollments/create: holds a seat (pending payment) or joins the waitlist. */
export const createEnrollment = (body: CreateEnrollmentBody) => apiWrite<Enrollment>('/enrollments/create', body).then((e) => e.data);

export function useCreateEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEnrollment,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['enrollments'], refetchType: 'all' }), queryClient.invalidateQueries({ queryKey: ['programs'], refetchType: 'all' })]),
  });
}
