import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppDispatch } from '../../store/hooks.ts';
import { logout } from '../../store/session-slice.ts';
import { getAuthToken, removeAuthToken } from '../../lib/cookies.ts';
import { pushRoute } from '../../lib/route-push.ts';
import { profileQueryKeyRoot } from './api/get-profile.ts';
import { revokeToken } from './api/logout.ts';

export const LOGIN_PATH = '/auth/login';

// When a signed-in page logs out, RequireAuth re-renders before the navigation to /auth/login
// lands and would send the user to /auth/login?next=<that page> instead. It checks this first.
const JUST_LOGGED_OUT_MS = 3000;
let loggedOutAt = Number.NEGATIVE_INFINITY;
export const justLoggedOut = () => Date.now() - loggedOutAt < JUST_LOGGED_OUT_MS;

/**
 * Logout (spec §4): revokes the token on the server (POST /user/logout, not awaited: a failure
 * must not keep anyone signed in here), clears userData, removes the token cookie (path /) and
 * navigates to /auth/login. Uses the route-push event so it also works from non-route code.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const token = getAuthToken();
    if (token) void revokeToken(token);
    loggedOutAt = Date.now();
    removeAuthToken();
    dispatch(logout());
    queryClient.removeQueries({ queryKey: profileQueryKeyRoot });
    pushRoute(LOGIN_PATH);
  }, [dispatch, queryClient]);
}
