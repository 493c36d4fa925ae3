import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/email-verify?token=…: resolves to the server's message. */
export const verifyEmail = async (token: string, signal?: AbortSignal) =>
  (await apiRequest<null>('/user/email-verify', { query: { token }, signal })).message;

/**
 * A query (not a mutation) so the link is checked once per token, even when React mounts the
 * page twice in development; never retried or refetched, because a used token is gone.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['user', 'email-verify', token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });

export const useVerifyEmail = (token: string) => useQuery(verifyEmailQueryOptions(token));
