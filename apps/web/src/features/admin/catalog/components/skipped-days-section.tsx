import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminProgram } from '@kikstart/contract/admin-catalog';
import { skippedDateInputSchema } from '@kikstart/contract/coach';
import { formatSessionDay, sessionDates } from '@kikstart/contract/schedule';
import { ConfirmButton } from '../../../../components/confirm-button.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { useSkippedDates } from '../api/get-skipped-dates.ts';
import { useSkipDate } from '../api/skip-date.ts';
import { useUnskipDate } from '../api/unskip-date.ts';

const REASON_MAX = 200;

/** Skip one session day: the reason is asked for in the confirmation, checked by the contract's rule. */
function SkipButton({ programId, date }: { programId: string; date: string }) {
  const skip = useSkipDate(programId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const day = formatSessionDay(date);
  return (
    <ConfirmButton
      label="Skip"
      ariaLabel={`Skip ${day}`}
      variant="text"
      title={`Skip ${day}?`}
      text="The program does not meet that day: it leaves the coach's session list and families' calendars."
      confirmLabel="Skip this day"
      onCancel={() => {
        setReason('');
        setError(null);
      }}
      onConfirm={async () => {
        const parsed = skippedDateInputSchema.shape.reason.safeParse(reason);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Reason is required');
          throw parsed.error;
        }
        await skip.mutateAsync({ programId, date, reason: parsed.data });
        setReason('');
        setError(null);
      }}
    >
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'For example: Thanksgiving break, school closed'}
        required
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
      />
    </ConfirmButton>
  );
}

/**
 * The program's session days, each one skippable (a holiday, a school closure) and restorable.
 * The days come from the schedule the form above saves; skipped ones keep their reason.
 */
export function SkippedDaysSection({ program }: { program: AdminProgram }) {
  const skipped = useSkippedDates(program.id);
  const unskip = useUnskipDate(program.id);
  const days = sessionDates(program);
  const reasons = new Map((skipped.data ?? []).map((s) => [s.date, s.reason]));
  return (
    <Box component="section" aria-labelledby="skipped-days-title">
      <Typography id="skipped-days-title" variant="h2" sx={{ fontSize: 22, mb: 1 }}>
        Session days
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Skip a day the program does not meet, such as a holiday. {reasons.size} of {days.length}{' '}
        {days.length === 1 ? 'day' : 'days'} skipped.
      </Typography>
      {skipped.isError ? (
        <LoadError onRetry={() => void skipped.refetch()}>The skipped days could not be loaded.</LoadError>
      ) : days.length === 0 ? (
        <Typography>
          The schedule has no session days yet: set the weekdays and the first and last dates above, then save.
        </Typography>
      ) : (
        <ScrollTable label="Session days">
          <Box sx={{ maxHeight: 480, overflowY: 'auto' }}>
            <Table size="small" stickyHeader aria-label="Session days">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>Day</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>Status</TableCell>
                  <TableCell sx={{ fontWeight: 700 }} align="right">
                    Action
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {days.map((date) => {
                  const reason = reasons.get(date);
                  return (
                    <TableRow key={date}>
                      <TableCell>{formatSessionDay(date)}</TableCell>
                      <TableCell sx={{ '&.MuiTableCell-root': { whiteSpace: 'normal' } }}>
                        {skipped.isPending ? (
                          <Skeleton width={80} />
                        ) : reason !== undefined ? (
                          <Chip size="small" color="warning" label={`Skipped: ${reason}`} />
                        ) : (
                          'Meets'
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {skipped.isPending ? (
                          <Skeleton width={60} sx={{ ml: 'auto' }} />
                        ) : reason !== undefined ? (
                          <Button
                            size="small"
                            aria-label={`Restore ${formatSessionDay(date)}`}
                            disabled={unskip.isPending}
                            onClick={() => unskip.mutate({ programId: program.id, date })}
                          >
                            Restore
                          </Button>
                        ) : (
                          <SkipButton programId={program.id} date={date} />
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </ScrollTable>
      )}
    </Box>
  );
}
