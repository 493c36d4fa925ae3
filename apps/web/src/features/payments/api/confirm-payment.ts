import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/stripe-subscription/single-payment: the server reads the payment's outcome from the
 * gateway (never from this page) and applies it once. The result page is the outcome (paid, or
 * why not), so no toast repeats it; a failure shows there too, with a way to try again.
 */
export const confirmPayment = (checkoutId: string) =>
  apiRequest<CheckoutOutcome>('/stripe-subscription/single-payment', {
    method: 'POST',
    body: { checkoutId },
    notifyOnError: false,
  }).then((e) => e.data);

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
        queryClient.invalidateQueries({ queryKey: ['transactions'] }),
      ]),
  });
}
