import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { NavLink } from 'react-router';
import { mainNav } from '../../lib/paths.ts';
import { accentTextColor } from '../../theme/palette.ts';
import { BrandLogo } from './brand-logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { AccountMenu } from './account-menu.tsx';
import { RequestDemoButton } from '../../components/request-demo-button.tsx';
import { useShowsSignedIn } from './use-shows-signed-in.ts';
import { lazyPart } from '../../lib/lazy-part.tsx';

const DRAWER_ID = 'site-nav-drawer';

// The drawer (and MUI's modal machinery) is kept out of the landing chunk: it loads once the page
// runs and the browser is idle, or at first open if that comes sooner (lazy-part.tsx).
// The chat link is for signed-in visitors only: kept out of every public page's first load (route budgets, decision 0027).
const ChatHeaderLink = lazy(() =>
  import('../../features/chat/components/chat-header-link.tsx').then((m) => ({ default: m.ChatHeaderLink })),
);
const MobileNavDrawer = lazyPart(
  'src/app/layouts/mobile-nav-drawer.tsx',
  () => import('./mobile-nav-drawer.tsx').then((m) => m.MobileNavDrawer),
  { likely: true },
);

/** Header with the main navigation; below lg (1200px) the links move into a drawer. */
export function SiteHeader() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  // A guest's Sign in and Sign up need the room of the wordmark on phones; an avatar does not.
  const isLoggedIn = useShowsSignedIn();
  return (
    <AppBar position="sticky" component="header">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 64, md: 72 } }}>
          <IconButton
            edge="start"
            color="inherit"
            aria-label="Open navigation menu"
            aria-controls={DRAWER_ID}
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerRequested(true);
              setDrawerOpen(true);
            }}
            sx={{ display: { xs: 'inline-flex', lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <BrandLogo compact={!isLoggedIn} />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', lg: 'block' }, ml: 3, flex: 1 }}>
            <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
              {mainNav.map((item) => (
                <li key={item.to}>
                  <Button
                    component={NavLink}
                    to={item.to}
                    end={item.to === '/'}
                    color="inherit"
                    sx={(t) => ({
                      fontWeight: 600,
                      px: 1,
                      whiteSpace: 'nowrap',
                      '&.active': {
                        color: accentTextColor(t.palette.mode),
                        boxShadow: `inset 0 -3px 0 ${t.palette.primary.main}`,
                        borderRadius: 0,
                      },
                    })}
                  >
                    {item.label}
                  </Button>
                </li>
              ))}
            </Box>
          </Box>
          <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 1 }}>
            <RequestDemoButton
              inFlexRow
              variant="contained"
              size="small"
              sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap' }}
            />
            <ThemeToggle />
            {isLoggedIn && (
              // The fallback keeps the button's 40 px, so the header does not shift when it loads.
              <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
                <ChatHeaderLink />
              </Suspense>
            )}
            <AccountMenu />
          </Box>
        </Toolbar>
      </Container>
      {drawerRequested && (
        <Suspense fallback={null}>
          <MobileNavDrawer id={DRAWER_ID} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
