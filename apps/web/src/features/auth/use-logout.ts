import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppDispatch } from '../../store/hooks.ts';
import { logout } from '../../store/session-slice.ts';
import { getAuthToken, removeAuthToken } from '../../lib/cookies.ts';
import { SESSION_ENDED_MESSAGE, SIGNED_OUT_MESSAGE } from '../../lib/messages.ts';
import { notify } from '../../lib/notifications.ts';
import { pushRoute } from '../../lib/route-push.ts';
import { profileQueryKeyRoot } from './api/get-profile.ts';
import { revokeToken } from './api/logout.ts';
import { nextQuery, safeNext } from './signup-intent.ts';

export const LOGIN_PATH = '/auth/login';

// When a signed-in page logs out, RequireAuth re-renders before the navigation to /auth/login
// lands and would send the user to /auth/login?next=<that page> instead. It checks this first.
const JUST_LOGGED_OUT_MS = 3000;
let loggedOutAt = Number.NEGATIVE_INFINITY;
export const justLoggedOut = () => Date.now() - loggedOutAt < JUST_LOGGED_OUT_MS;

/** Clears the token cookie, the stored profile and its cached query (spec §4). */
function useClearSession() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useCallback(() => {
    removeAuthToken();
    dispatch(logout());
    queryClient.removeQueries({ queryKey: profileQueryKeyRoot });
  }, [dispatch, queryClient]);
}

/**
 * Logout (spec §4): revokes the token on the server (POST /user/logout, not awaited: a failure
 * must not keep anyone signed in here), clears userData, removes the token cookie (path /),
 * says so, and navigates to /auth/login. Uses the route-push event so it also works from
 * non-route code. `announce: false` when the action that ended the session already said so
 * (deleting the account).
 */
export function useLogout() {
  const clear = useClearSession();
  return useCallback(
    ({ announce = true }: { announce?: boolean } = {}) => {
      const token = getAuthToken();
      if (token) void revokeToken(token);
      loggedOutAt = Date.now();
      clear();
      if (announce) notify('success', SIGNED_OUT_MESSAGE);
      pushRoute(LOGIN_PATH);
    },
    [clear],
  );
}

/**
 * A lost session (a 401 with a token, or a failed profile call, spec §4): once per session (the
 * cookie is gone after the first call, so the 401 and the failed profile query say it once),
 * clear it, say so, and go to /auth/login (spec §2) with the page as `next`, so signing in again
 * brings the parent back.
 */
export function useEndSession() {
  const clear = useClearSession();
  return useCallback(() => {
    if (!getAuthToken()) return;
    clear();
    notify('warning', SESSION_ENDED_MESSAGE);
    pushRoute(`${LOGIN_PATH}${nextQuery(safeNext(`${window.location.pathname}${window.location.search}`))}`);
  }, [clear]);
}
