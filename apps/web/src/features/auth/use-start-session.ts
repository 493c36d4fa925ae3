import { useCallback } from 'react';
import type { SigninResult } from '@kikstart/contract/auth';
import { useAppDispatch } from '../../store/hooks.ts';
import { setProfile } from '../../store/session-slice.ts';
import { setAuthToken } from '../../lib/cookies.ts';

/** The server keeps sessions for 30 days; the cookie lasts as long. */
const SESSION_DAYS = 30;

/** Keeps a new session (sign-in, or verification in the browser that signed up): cookie and profile. */
export function useStartSession() {
  const dispatch = useAppDispatch();
  return useCallback(
    ({ token, user }: SigninResult) => {
      setAuthToken(token, { expiresInDays: SESSION_DAYS });
      dispatch(setProfile(user));
    },
    [dispatch],
  );
}
