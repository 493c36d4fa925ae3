import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { nextOutcomeCheck } from '../../../lib/outcome-polling.ts';

/**
 * POST /api/stripe-subscription/single-payment: the server reads the payment's outcome from the
 * gateway (never from this page) and applies it once, so asking again is safe. The result page is
 * the outcome (paid, or why not), so no toast repeats it; a failure shows there too, with a way
 * to try again.
 */
export const confirmPayment = (checkoutId: string) =>
  apiRequest<CheckoutOutcome>('/stripe-subscription/single-payment', {
    method: 'POST',
    body: { checkoutId },
    notifyOnError: false,
  }).then((e) => e.data);

/**
 * The checkout's outcome, asked again on its own while it is open: the parent is often back from
 * the payment page before the provider's webhook has told us, so the page asks every 2 s, then
 * more slowly, for about a minute after `askingSince` (outcome-polling.ts). After that the page
 * offers "Check again", which moves `askingSince` to start a new minute.
 */
export function useCheckoutOutcome(checkoutId: string, askingSince: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['checkout-outcome', checkoutId],
    queryFn: async () => {
      const outcome = await confirmPayment(checkoutId);
      if (outcome.state !== 'open')
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['enrollments'] }),
          queryClient.invalidateQueries({ queryKey: ['transactions'] }),
        ]);
      return outcome;
    },
    enabled: checkoutId !== '',
    // Never an outcome remembered from an earlier visit: it may have changed since.
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.state === 'open' ? nextOutcomeCheck(query.state.dataUpdatedAt - askingSince) : false,
  });
}
