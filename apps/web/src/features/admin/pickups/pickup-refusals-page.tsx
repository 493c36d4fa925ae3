import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { UNLISTED_PICKUP_ID, type PickupRefusal } from '@kikstart/contract/coach';
import { formatSessionDay } from '@kikstart/contract/schedule';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { adminPath } from '../admin-paths.ts';
import { usePickupRefusals } from './api/get-pickup-refusals.ts';

const HEADINGS = ['Child', 'Program', 'Session', 'Who tried', 'Coach', 'When'] as const;

/**
 * The API keeps only the id the coach chose: "someone not on the list" (no name is taken from a
 * stranger at the door), or a person on file who is not on this child's list.
 */
const whoTried = (r: PickupRefusal) =>
  r.personId === UNLISTED_PICKUP_ID ? 'Someone not on the pickup list' : 'A person on file, not on this child’s list';

/** /admin/pickups: pickups the coach refused because the person was not on the child's list (spec: issue 16). */
export function PickupRefusalsPage() {
  const refusals = usePickupRefusals();
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Refused pickups
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        A child is only released to a guardian or a person on their pickup list. Each refused attempt is listed here,
        newest first (the latest 100), so you can call the family.
      </Typography>
      {refusals.isError ? (
        <LoadError onRetry={() => void refusals.refetch()}>The refused pickups could not be loaded.</LoadError>
      ) : refusals.data?.length === 0 ? (
        <EmptyState
          title="No refused pickups"
          text="When a coach refuses to release a child to someone not on the pickup list, it shows here. Families keep their lists under each child's details."
          actions={
            <Button variant="outlined" component={RouterLink} to={adminPath('families')}>
              Open Families
            </Button>
          }
        />
      ) : (
        <ScrollTable label="Refused pickups">
          <Table size="small" aria-label="Refused pickups" aria-busy={!refusals.data || undefined}>
            <TableHead>
              <TableRow>
                {HEADINGS.map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 700 }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {refusals.data
                ? refusals.data.map((r) => (
                    <TableRow key={r.id} hover>
                      <TableCell>
                        <strong>{r.childName}</strong>
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={adminPath('programs', r.programId)}>
                          {r.programTitle}
                        </Link>
                      </TableCell>
                      <TableCell>{formatSessionDay(r.date)}</TableCell>
                      <TableCell>{whoTried(r)}</TableCell>
                      <TableCell>{r.recordedByName || 'A staff member'}</TableCell>
                      <TableCell>{formatDateTime(r.at)}</TableCell>
                    </TableRow>
                  ))
                : Array.from({ length: 5 }, (_, i) => (
                    <TableRow key={i} aria-hidden>
                      {HEADINGS.map((h) => (
                        <TableCell key={h}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </ScrollTable>
      )}
    </>
  );
}
