import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionOutcome } from '@kikstart/contract/memberships';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';
import { nextOutcomeCheck } from '../../../lib/outcome-polling.ts';

/**
 * POST /api/stripe-subscription/create: the server reads the plan payment's outcome from the
 * gateway and starts the membership (once, however often it is asked). 200 for every outcome.
 */
export const createSubscription = (body: { checkoutId: string; cancel?: boolean }, notifyOnError = true) =>
  apiRequest<SubscriptionOutcome>('/stripe-subscription/create', { method: 'POST', body, notifyOnError });

/**
 * The plan payment's outcome, asked again on its own while it is open (the parent is often back
 * before the provider's webhook), like the checkout result page: every 2 s, then more slowly, for
 * about a minute after `askingSince`. The toast (spec §8) follows the first answer and each change
 * of outcome, not every ask: a success when paid, a warning with the reason otherwise.
 */
export function useSubscriptionOutcome(checkoutId: string, cancel: boolean, askingSince: number) {
  const queryClient = useQueryClient();
  const queryKey = ['subscription-outcome', checkoutId];
  return useQuery({
    queryKey,
    queryFn: async () => {
      const before = queryClient.getQueryData<SubscriptionOutcome>(queryKey);
      // A failed ask is a toast the first time; a failed re-ask keeps the outcome shown, quietly.
      const envelope = await createSubscription({ checkoutId, cancel }, before === undefined);
      if (before?.state !== envelope.data.state) {
        notify(envelope.data.state === 'paid' ? 'success' : 'warning', envelope.message);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['membership'] }),
          queryClient.invalidateQueries({ queryKey: ['transactions'] }),
        ]);
      }
      return envelope.data;
    },
    enabled: checkoutId !== '',
    // Never an outcome remembered from an earlier visit: it may have changed since.
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.state === 'open' ? nextOutcomeCheck(query.state.dataUpdatedAt - askingSince) : false,
  });
}
