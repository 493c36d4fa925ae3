import { useAppSelector } from '../../store/hooks.ts';
import { useHasTokenCookie } from '../../lib/render-env.ts';

/**
 * The header's signed-in layout: the session state, or the token cookie before the profile call
 * (or the persisted store) has filled it. A server-rendered page knows only the cookie, so the
 * header renders the same before and after hydration and does not shift (decision 0027).
 */
export function useShowsSignedIn(): boolean {
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  const hasToken = useHasTokenCookie();
  return isLoggedIn || hasToken;
}
