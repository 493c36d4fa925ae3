import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SandboxCardInput {
  checkoutId: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

/**
 * POST /api/sandbox/checkout/pay: pays with one of Stripe's test cards; declined cards answer 200
 * with the reason. No toast here: this stands for the gateway's own page, and the return page's
 * confirmation (confirm-payment.ts) is the write that tells the parent the outcome.
 */
export const paySandboxCheckout = (body: SandboxCardInput) =>
  apiRequest<CheckoutOutcome>('/sandbox/checkout/pay', { method: 'POST', body }).then((e) => e.data);

export function usePaySandboxCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paySandboxCheckout,
    // The page itself is left as it is: the form sends the parent on to the return page.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
        queryClient.invalidateQueries({ queryKey: ['transactions'] }),
      ]),
  });
}
