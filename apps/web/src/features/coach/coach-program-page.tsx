import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { CoachSessions, SessionWhen } from '@kikstart/contract/coach';
import { formatSessionDay } from '@kikstart/contract/schedule';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { ListShell, SkeletonRows } from '../../components/list-shell.tsx';
import { CoachBreadcrumbs } from './components/coach-breadcrumbs.tsx';
import { useCoachSessions } from './api/get-coach-sessions.ts';

const GROUPS: { when: SessionWhen; title: string }[] = [
  { when: 'today', title: 'Today' },
  { when: 'upcoming', title: 'Upcoming' },
  { when: 'past', title: 'Past' },
];

/** /coach/programs/:programId: the program's sessions, today's first, and the days skipped. */
export function CoachProgramPage() {
  const { programId = '' } = useParams();
  const sessions = useCoachSessions(programId);
  const data = sessions.data;
  usePageMeta({ title: data ? `${data.program.title}: sessions` : 'Sessions', description: 'A program’s sessions.' });
  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <CoachBreadcrumbs current={data?.program.title ?? 'Sessions'} />
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 1 }}>
        {data?.program.title ?? 'Sessions'}
      </Typography>
      {data && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {data.program.schedule} · {data.program.venue}
        </Typography>
      )}
      <ListShell
        query={sessions}
        failed="The sessions could not be loaded."
        skeleton={<SkeletonRows count={4} height={56} />}
        empty={data?.sessions.length === 0 && <Typography>This program has no sessions.</Typography>}
      >
        {() => <SessionGroups programId={programId} data={data!} />}
      </ListShell>
    </Container>
  );
}

function SessionGroups({ programId, data }: { programId: string; data: CoachSessions }) {
  return (
    <>
      {GROUPS.map(({ when, title }) => {
        const days = data.sessions.filter((s) => s.when === when);
        if (!days.length) return null;
        return (
          <Box component="section" key={when} aria-labelledby={`sessions-${when}`} sx={{ mb: 4 }}>
            <Typography id={`sessions-${when}`} variant="h3" component="h2" sx={{ mb: 1 }}>
              {title}
            </Typography>
            <Paper variant="outlined">
              <List disablePadding>
                {days.map((s) => (
                  <ListItemButton
                    key={s.date}
                    component={RouterLink}
                    to={pathTo(paths.coachSession, { programId, date: s.date })}
                    divider
                  >
                    <ListItemText
                      primary={formatSessionDay(s.date)}
                      secondary={when === 'today' ? 'Roster and attendance' : undefined}
                    />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          </Box>
        );
      })}
      {data.skipped.length > 0 && (
        <Box component="section" aria-labelledby="sessions-skipped">
          <Typography id="sessions-skipped" variant="h3" component="h2" sx={{ mb: 1 }}>
            No session
          </Typography>
          <List dense>
            {data.skipped.map((s) => (
              <ListItemText key={s.date} primary={formatSessionDay(s.date)} secondary={s.reason} sx={{ px: 2 }} />
            ))}
          </List>
        </Box>
      )}
    </>
  );
}
