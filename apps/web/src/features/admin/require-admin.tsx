import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks.ts';
import { accountPageSx } from '../../components/account-page-title.tsx';

/**
 * The console is for admins. Behind the session guard (app/router), so the profile is known; the
 * API refuses every /api/admin call from anyone else whatever this shows.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const roles = useAppSelector((s) => s.session.userData?.roles ?? []);
  if (roles.includes('admin')) return children;
  return (
    <Container maxWidth="sm" sx={accountPageSx}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
        Staff only
      </Typography>
      <Typography>
        The staff console is for KikStart administrators. If you need access, ask an administrator to add the admin role
        to your account.
      </Typography>
    </Container>
  );
}
