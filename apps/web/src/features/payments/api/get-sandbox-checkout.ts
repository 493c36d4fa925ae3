import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxCheckout } from '@kikstart/contract/payments';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/sandbox/checkout?id=: what the sandbox gateway's payment page shows (amount, lines, state, test cards). */
export const getSandboxCheckout = (id: string, signal?: AbortSignal) =>
  apiGet<SandboxCheckout>('/sandbox/checkout', { query: { id }, signal, notifyOnError: false });

export const sandboxCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['checkouts', 'sandbox', id],
    queryFn: ({ signal }) => getSandboxCheckout(id, signal),
    retry: false,
  });

export const useSandboxCheckout = (id: string) => useQuery({ ...sandboxCheckoutQueryOptions(id), enabled: !!id });
