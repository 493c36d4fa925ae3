import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/hooks.ts';
import { accountPageSx } from '../../components/account-page-title.tsx';

/**
 * The coach portal is for coaches, and admins (who may read every roster). Behind the session
 * guard (app/router); the API refuses every /api/coach call from anyone else whatever this shows.
 */
export function RequireCoach({ children }: { children: ReactNode }) {
  const roles = useAppSelector((s) => s.session.userData?.roles ?? []);
  if (roles.includes('coach') || roles.includes('admin')) return children;
  return (
    <Container maxWidth="sm" sx={accountPageSx}>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 2 }}>
        Coaches only
      </Typography>
      <Typography>
        The coach portal shows the rosters of the programs you coach. If you coach for KikStart, ask an administrator to
        add the coach role to your account.
      </Typography>
    </Container>
  );
}
