import { lazy, Suspense } from 'react';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useShowsSignedIn } from './use-shows-signed-in.ts';
import { paths } from '../../lib/paths.ts';

// Signed-in visitors only: the menu code loads when needed, not on every first visit.
const SignedInMenu = lazy(() => import('./signed-in-menu.tsx').then((m) => ({ default: m.SignedInMenu })));

// Compact, so both fit beside the navigation at 1200 px and beside the mark and the theme switch at 375 px.
const guestButton = { whiteSpace: 'nowrap', paddingInline: { xs: 1.5, sm: 2 } } as const;

/** Guests get Sign in and Sign up; signed-in users an avatar menu (Dashboard … Profile, sign out). */
export function AccountMenu() {
  const isLoggedIn = useShowsSignedIn();
  if (!isLoggedIn) {
    return (
      <>
        <Button component={RouterLink} to={paths.login} variant="text" color="inherit" size="small" sx={guestButton}>
          Sign in
        </Button>
        <Button component={RouterLink} to={paths.signup} variant="contained" size="small" sx={guestButton}>
          Sign up
        </Button>
      </>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInMenu />
    </Suspense>
  );
}
