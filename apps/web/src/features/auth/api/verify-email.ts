import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailVerifyResult } from '@kikstart/contract/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/user/email-verify { token }, with the HttpOnly sign-up cookie: the browser that signed
 * up gets `data.session`; anywhere else the address is only verified. Silent on failure: the page
 * says what went wrong (a toast would repeat it).
 */
export const verifyEmail = (token: string) =>
  apiRequest<EmailVerifyResult>('/user/email-verify', {
    method: 'POST',
    body: { token },
    notifyOnError: false,
    credentials: 'include',
  });

/**
 * A query (not a mutation) so the link is checked once per token, even when React mounts the
 * page twice in development; never retried or refetched, and not aborted on unmount (no signal):
 * a second POST would find the link and the cookie used.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['user', 'email-verify', token],
    queryFn: () => verifyEmail(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });

export const useVerifyEmail = (token: string) => useQuery(verifyEmailQueryOptions(token));
