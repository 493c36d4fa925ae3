import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppDispatch } from '../../app/store/hooks.ts';
import { logout } from '../../app/store/session-slice.ts';
import { removeAuthToken } from '../../lib/cookies.ts';
import { pushRoute } from '../../lib/route-push.ts';
import { profileQueryKeyRoot } from './api/get-profile.ts';

export const LOGIN_PATH = '/auth/login';

/**
 * Logout (spec §4): clears userData, removes the token cookie (path /) and navigates to
 * /auth/login. Uses the route-push event so it also works from non-route code.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useCallback(() => {
    removeAuthToken();
    dispatch(logout());
    queryClient.removeQueries({ queryKey: profileQueryKeyRoot });
    pushRoute(LOGIN_PATH);
  }, [dispatch, queryClient]);
}
