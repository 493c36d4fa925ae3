import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/stripe-single-payment/cancel: ends an unpaid checkout; the seats stay held until their hold ends. */
export const cancelPayment = (checkoutId: string) =>
  apiWrite<CheckoutOutcome>('/stripe-single-payment/cancel', { checkoutId }).then((e) => e.data);

export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
  });
}
