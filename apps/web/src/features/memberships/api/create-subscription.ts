import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionOutcome } from '@kikstart/contract/memberships';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * POST /api/stripe-subscription/create: the server reads the plan payment's outcome from the
 * gateway and starts the membership. 200 for every outcome, so the toast (spec §8) follows it:
 * a success when paid, a warning with the reason otherwise.
 */
export const createSubscription = (body: { checkoutId: string; cancel?: boolean }) =>
  apiRequest<SubscriptionOutcome>('/stripe-subscription/create', { method: 'POST', body }).then((envelope) => {
    notify(envelope.data.state === 'paid' ? 'success' : 'warning', envelope.message);
    return envelope.data;
  });

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['membership'] }),
        queryClient.invalidateQueries({ queryKey: ['transactions'] }),
      ]),
  });
}
