import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../store/hooks.ts';
import { getAuthToken } from '../../lib/cookies.ts';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';
import { useProfileQuery } from './api/get-profile.ts';
import { LOGIN_PATH, justLoggedOut } from './use-logout.ts';

/**
 * Route guard for signed-in pages: logged-out visitors go to /auth/login?next=<path>.
 * The session is the token cookie and the profile call (spec §4, §6); the persisted store only
 * lets a known session show at once. Storage that is empty (cleared, blocked, or the persist
 * time-out) waits for the profile instead of bouncing a signed-in parent to the login page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  const location = useLocation();
  const token = getAuthToken();
  const profile = useProfileQuery(token);

  if (token) {
    if (profile.data?.status === 200 || (isLoggedIn && !profile.isError)) return children;
    if (!profile.isError) return <AccountPageSkeleton label="Checking your session" />;
  }
  // Logging out here goes to the plain login page (spec §2, §4).
  if (justLoggedOut()) return <Navigate to={LOGIN_PATH} replace />;
  const next = `${location.pathname}${location.search}`;
  return <Navigate to={`${LOGIN_PATH}?next=${encodeURIComponent(next)}`} replace />;
}
