import { useMutation } from '@tanstack/react-query';
import type { PlanCheckout } from '@kikstart/contract/memberships';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/stripe-subscription/initiate: prices the plan on the server and answers where to pay (no toast: the page moves on). */
export const initiateSubscription = (body: { planId: string; couponCode?: string }) =>
  apiRequest<PlanCheckout>('/stripe-subscription/initiate', { method: 'POST', body, notifyOnError: false }).then(
    (e) => e.data,
  );

export const useInitiateSubscription = () => useMutation({ mutationFn: initiateSubscription });
