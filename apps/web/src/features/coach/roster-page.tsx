import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useParams } from 'react-router';
import { formatSessionDay } from '@kikstart/contract/schedule';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { ListShell, SkeletonRows } from '../../components/list-shell.tsx';
import { SessionTabs } from '../../components/session-tabs.tsx';
import { CoachBreadcrumbs } from './components/coach-breadcrumbs.tsx';
import { RosterChildCard } from './components/roster-child-card.tsx';
import { useRoster } from './api/get-roster.ts';

/** On paper (the clipboard at the field): no site header, footer, skip link or toasts, cards two by two. */
const printPage = {
  '@media print': {
    'body > #root header, body > #root footer, a[href="#main"], a[href="#main-content"], .notistack-SnackbarContainer':
      { display: 'none !important' },
  },
};

/** /coach/programs/:programId/sessions/:date: the session's roster, attendance and pickups; printable. */
export function RosterPage() {
  const { programId = '', date = '' } = useParams();
  const roster = useRoster(programId, date);
  const r = roster.data;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatSessionDay(date) : date;
  usePageMeta({ title: r ? `${r.program.title}, ${day}` : 'Roster', description: 'A session’s roster.' });
  return (
    <Container maxWidth="md" sx={{ ...accountPageSx, '@media print': { py: 0, minHeight: 0 } }}>
      <GlobalStyles styles={printPage} />
      <CoachBreadcrumbs
        trail={r ? [{ label: r.program.title, to: pathTo(paths.coachProgram, { programId }) }] : []}
        current={day}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 36 } }}>
            {r?.program.title ?? 'Roster'}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>
            {day}
            {r?.when === 'today' && ' (today)'}
          </Typography>
          {r && (
            <Typography color="text.secondary">
              {r.program.schedule} · {r.program.venue}
            </Typography>
          )}
        </Box>
        <Button
          variant="outlined"
          startIcon={<PrintOutlined aria-hidden />}
          onClick={() => window.print()}
          sx={{
            alignSelf: { xs: 'stretch', sm: 'auto' },
            flexShrink: 0,
            whiteSpace: 'nowrap',
            '@media print': { display: 'none' },
          }}
        >
          Print roster
        </Button>
      </Stack>
      <SessionTabs programId={programId} date={date} current="roster" />
      {r?.when === 'upcoming' && (
        <Typography sx={{ mb: 2 }}>Attendance and pickups open on the day of the session.</Typography>
      )}
      <ListShell
        query={roster}
        failed="The roster could not be loaded."
        skeleton={<SkeletonRows count={3} height={260} />}
        empty={r?.children.length === 0 && <Typography>No child is enrolled in this session yet.</Typography>}
      >
        {() => (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              '@media print': { gridTemplateColumns: '1fr 1fr', gap: 1 },
            }}
          >
            {r!.children.map((c) => (
              <RosterChildCard key={c.id} child={c} programId={programId} date={date} when={r!.when} />
            ))}
          </Box>
        )}
      </ListShell>
    </Container>
  );
}
