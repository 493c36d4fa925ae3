import { lazy, Suspense } from 'react';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../store/hooks.ts';
import { paths } from '../../lib/paths.ts';

// Signed-in visitors only: the menu code loads when needed, not on every first visit.
const SignedInMenu = lazy(() => import('./signed-in-menu.tsx').then((m) => ({ default: m.SignedInMenu })));

/** Log in button when logged out; an avatar menu with Profile and Log out when logged in. */
export function AccountMenu() {
  const isLoggedIn = useAppSelector((s) => s.session.isLoggedIn);
  if (!isLoggedIn) {
    return (
      <Button component={RouterLink} to={paths.login} variant="contained" size="medium">
        Log in
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInMenu />
    </Suspense>
  );
}
