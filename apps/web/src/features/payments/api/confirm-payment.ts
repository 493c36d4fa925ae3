import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifyOutcome } from '../outcome-toast.ts';

/**
 * POST /api/stripe-subscription/single-payment: the server reads the payment's outcome from the
 * gateway (never from this page) and applies it once. The answer is 200 for every outcome, so the
 * toast follows the outcome: a success for paid, a warning with the reason otherwise.
 */
export const confirmPayment = (checkoutId: string) =>
  apiRequest<CheckoutOutcome>('/stripe-subscription/single-payment', { method: 'POST', body: { checkoutId } }).then(
    notifyOutcome,
  );

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
