import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutStarted } from '@kikstart/contract/payments';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/stripe-single-payment/initiate: prices the chosen seats on the server and answers where to pay. */
export const initiatePayment = (body: { enrollmentIds: string[]; couponCode?: string; payAtOffice?: boolean }) =>
  apiWrite<CheckoutStarted>('/stripe-single-payment/initiate', body).then((e) => e.data);

export function useInitiatePayment() {
  const queryClient = useQueryClient();
  // The chosen seats' holds are extended: the enrollments on screen are stale.
  return useMutation({
    mutationFn: initiatePayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
  });
}
