import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ConsoleSectionSkeleton } from '../../components/page-skeletons.tsx';
import { ADMIN_PATH, adminPath } from './admin-paths.ts';
import { ADMIN_SECTIONS } from './admin-sections.tsx';

const NAV = [{ path: '', label: 'Home' }, ...ADMIN_SECTIONS];

/** The console's frame: sections down the side on wide screens, a scrolling tab row on phones. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const current = NAV.slice(1).find(
    (s) => pathname === adminPath(s.path) || pathname.startsWith(`${adminPath(s.path)}/`),
  );
  const value = current ? current.path : '';
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: '100vh' }}>
      <Box
        component="nav"
        aria-label="Staff console"
        sx={{
          width: { md: 232 },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderBottom: { xs: 1, md: 0 },
          borderColor: { xs: 'divider', md: 'divider' },
        }}
      >
        <Typography variant="overline" component="p" sx={{ px: 2, pt: 2, display: { xs: 'none', md: 'block' } }}>
          Staff console
        </Typography>
        <List dense sx={{ display: { xs: 'none', md: 'block' } }}>
          {NAV.map((s) => (
            // A list holds only <li>: the link sits inside its item (axe: list).
            <ListItem key={s.path} disablePadding>
              <ListItemButton
                component={NavLink}
                to={adminPath(s.path)}
                end={s.path === ''}
                selected={value === s.path}
                aria-current={value === s.path ? 'page' : undefined}
              >
                <ListItemText primary={s.label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Tabs
          value={value}
          variant="scrollable"
          scrollButtons={false}
          aria-label="Staff console sections"
          sx={{ display: { xs: 'flex', md: 'none' } }}
        >
          {NAV.map((s) => (
            <Tab
              key={s.path}
              value={s.path}
              label={s.label}
              component={NavLink}
              to={adminPath(s.path)}
              end={s.path === ''}
            />
          ))}
        </Tabs>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 } }}>
        <Suspense fallback={<ConsoleSectionSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

export { ADMIN_PATH };
