import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription, SubscriptionChange } from '@kikstart/contract/memberships';
import { apiWrite } from '../../../lib/api-client.ts';

/**
 * The membership's changes, each answering the membership as it is now; apiWrite toasts the
 * server's message (spec §8: super-child enroll, cancel subscription).
 */
const change = (path: string) => (body: object) =>
  apiWrite<SubscriptionChange>(path, body).then((e) => e.data.subscription);

/** POST /api/stripe-subscription/enroll-super-child */
export const attachChild = (childId: string) => change('/stripe-subscription/enroll-super-child')({ childId });
/** POST /api/stripe-subscription/detach-child */
export const detachChild = (childId: string) => change('/stripe-subscription/detach-child')({ childId });
/** POST /api/stripe-subscription/cancel */
export const cancelSubscription = () => change('/stripe-subscription/cancel')({});
/** POST /api/stripe-subscription/upgrade */
export const upgradeSubscription = (planId: string) => change('/stripe-subscription/upgrade')({ planId });

function useMembershipChange<T>(mutationFn: (arg: T) => Promise<Subscription>) {
  const queryClient = useQueryClient();
  // Covered seats change with the membership: enrollments and payments are stale too.
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [['membership'], ['enrollments'], ['transactions']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useAttachChild = () => useMembershipChange(attachChild);
export const useDetachChild = () => useMembershipChange(detachChild);
export const useCancelSubscription = () => useMembershipChange(cancelSubscription);
export const useUpgradeSubscription = () => useMembershipChange(upgradeSubscription);
