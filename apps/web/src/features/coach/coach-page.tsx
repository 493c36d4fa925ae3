import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TodayOutlined from '@mui/icons-material/TodayOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { Link as RouterLink } from 'react-router';
import type { CoachProgram } from '@kikstart/contract/coach';
import { formatSessionDay } from '@kikstart/contract/schedule';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { ListShell, SkeletonRows } from '../../components/list-shell.tsx';
import { useAppSelector } from '../../store/hooks.ts';
import { useCoachPrograms } from './api/get-coach-programs.ts';

/** /coach: the programs I coach, the ones with a session today first, each a step from today's roster. */
export function CoachPage() {
  usePageMeta({ title: 'Coach portal', description: 'Your programs, sessions and rosters.' });
  const programs = useCoachPrograms();
  // The profile is a coach's own; an admin without the coach role has none.
  const isCoach = useAppSelector((s) => s.session.userData?.roles ?? []).includes('coach');
  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 } }}>
          Coach portal
        </Typography>
        {isCoach && (
          <Button
            variant="outlined"
            component={RouterLink}
            to={paths.coachProfile}
            startIcon={<BadgeOutlined />}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            My coach profile
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Open a session to see its roster, allergies and pickup lists, take attendance and record pickups.
      </Typography>
      <ListShell
        query={programs}
        failed="Your programs could not be loaded."
        skeleton={<SkeletonRows count={2} height={160} />}
        empty={
          programs.data?.length === 0 && (
            <Typography color="text.secondary">
              You do not coach any program yet. When an administrator assigns you to a program, it shows here.
            </Typography>
          )
        }
      >
        {() => (
          <Stack spacing={2}>
            {programs.data!.map((p) => (
              <ProgramCard key={p.id} program={p} />
            ))}
          </Stack>
        )}
      </ListShell>
    </Container>
  );
}

function ProgramCard({ program: p }: { program: CoachProgram }) {
  const headingId = `coach-program-${p.id}`;
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id={headingId} variant="h3" component="h2">
            {p.title}
          </Typography>
          {p.todaySession && (
            <Chip
              size="small"
              icon={<TodayOutlined aria-hidden />}
              label="Today"
              // primary.dark, not the brand red: white small text needs 4.5:1 (docs/decisions/0007).
              sx={{ bgcolor: 'primary.dark', color: '#fff', '& .MuiChip-icon': { color: 'inherit' } }}
            />
          )}
        </Stack>
        <Typography>{p.schedule}</Typography>
        <Typography color="text.secondary">{p.venue}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {p.rosterCount === 1 ? '1 child' : `${p.rosterCount} children`}
          {' · '}
          {p.todaySession
            ? 'Session today'
            : p.nextSession
              ? `Next session ${formatSessionDay(p.nextSession)}`
              : 'Season over'}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {p.todaySession && (
          <Button
            variant="contained"
            component={RouterLink}
            to={pathTo(paths.coachSession, { programId: p.id, date: p.todaySession })}
            aria-label={`Open today’s session of ${p.title}`}
          >
            Open today’s session
          </Button>
        )}
        <Button
          component={RouterLink}
          to={pathTo(paths.coachProgram, { programId: p.id })}
          aria-label={`All sessions of ${p.title}`}
        >
          All sessions
        </Button>
      </CardActions>
    </Card>
  );
}
