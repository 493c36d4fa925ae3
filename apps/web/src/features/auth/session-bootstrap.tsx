import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { logout, setProfile } from '../../store/session-slice.ts';
import { setUnauthorizedHandler } from '../../lib/api-client.ts';
import { getAuthToken } from '../../lib/cookies.ts';
import { useProfileQuery } from './api/get-profile.ts';
import { useEndSession } from './use-logout.ts';

/**
 * Keeps the session in step with the token cookie (spec §4, §6):
 * - the profile is fetched only when kikstart_token exists;
 * - status 200 stores userData and logs in; any other status or an error ends the session;
 * - a missing cookie while the state says logged in resets to logged out;
 * - a 401 on any request (a lost session) ends it, says so, and the page guard goes to sign-in.
 * Renders nothing; lives inside the router so it re-checks the cookie on every navigation.
 */
export function SessionBootstrap() {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  const endSession = useEndSession();
  const { pathname } = useLocation();
  // Re-read on each render (navigation re-renders): cookies are not observable.
  const token = getAuthToken();
  const profile = useProfileQuery(token);

  useEffect(() => {
    setUnauthorizedHandler(endSession);
    return () => setUnauthorizedHandler(null);
  }, [endSession]);

  useEffect(() => {
    if (!token && isLoggedIn) dispatch(logout());
  }, [token, isLoggedIn, dispatch, pathname]);

  useEffect(() => {
    if (!token) return;
    if (profile.isError) {
      endSession();
    } else if (profile.data) {
      if (profile.data.status === 200 && profile.data.data) dispatch(setProfile(profile.data.data));
      else endSession();
    }
  }, [token, profile.data, profile.isError, dispatch, endSession]);

  return null;
}
