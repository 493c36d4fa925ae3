import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { paths, pathTo } from '../../../lib/paths.ts';
import { formatTimeRange, formatWeekdayDate } from '../../../lib/format/dates.ts';
import type { UpcomingSession } from '../upcoming-sessions.ts';

/** The next two weeks of sessions, day by day. */
export function UpcomingList({ sessions }: { sessions: UpcomingSession[] }) {
  if (!sessions.length)
    return (
      <Typography color="text.secondary">
        No sessions in the next 14 days.{' '}
        <Link component={RouterLink} to={paths.programs}>
          Find a program
        </Link>{' '}
        to get started.
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {sessions.map((s) => (
        <Paper
          component="li"
          variant="outlined"
          key={`${s.enrollmentId}-${s.date}`}
          sx={{ p: 1.5, display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' } }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {formatWeekdayDate(s.date)}
            <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary' }}>
              {formatTimeRange(s.startTime, s.endTime)}
            </Box>
          </Typography>
          <Box>
            <Link
              component={RouterLink}
              to={pathTo(paths.programDetails, { id: s.programId })}
              sx={{ fontWeight: 600 }}
            >
              {s.programTitle}
            </Link>
            <Typography>
              {`${s.childName} · ${s.place}`}
              {s.status === UNPAID_HOLD_STATUS ? ' · waiting for payment' : ''}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
