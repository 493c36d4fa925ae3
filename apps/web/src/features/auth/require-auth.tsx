import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../store/hooks.ts';
import { getAuthToken } from '../../lib/cookies.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useProfileQuery } from './api/get-profile.ts';
import { LOGIN_PATH, justLoggedOut } from './use-logout.ts';

/** Route guard for signed-in pages: logged-out visitors go to /auth/login?next=<path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  const location = useLocation();
  const token = getAuthToken();
  const profile = useProfileQuery(token);

  if (isLoggedIn && token) return children;
  // A token whose profile is still loading: wait rather than bounce a signed-in parent.
  if (token && profile.isPending) return <PageLoader label="Checking your session" />;
  // Logging out here (or losing the session) goes to the plain login page (spec §2, §4).
  if (justLoggedOut()) return <Navigate to={LOGIN_PATH} replace />;
  const next = `${location.pathname}${location.search}`;
  return <Navigate to={`${LOGIN_PATH}?next=${encodeURIComponent(next)}`} replace />;
}
