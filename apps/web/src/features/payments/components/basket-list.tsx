import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { TextSkeleton } from '../../../components/text-skeleton.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';

/** The basket: every held seat with a checkbox; the price shown is the program's list price from the server. */
export function BasketList({
  items,
  chosen,
  onToggle,
  disabled,
}: {
  items: Enrollment[];
  chosen: string[];
  onToggle: (id: string) => void;
  disabled: boolean;
}) {
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h3" sx={{ mb: 1.5 }}>
        Seats waiting for payment
      </Typography>
      {items.map((e) => (
        <Paper key={e.id} variant="outlined" sx={{ px: 2, py: 1 }}>
          <FormControlLabel
            sx={{ width: '100%', m: 0 }}
            control={<Checkbox checked={chosen.includes(e.id)} onChange={() => onToggle(e.id)} disabled={disabled} />}
            label={
              <span>
                <Typography
                  component="span"
                  sx={{ fontWeight: 600, display: 'block' }}
                >{`${e.child.name} · ${e.program.title}`}</Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {`${formatMoneyFromCents(e.priceCents, e.currency)} · seat held until ${formatDateTime(e.holdExpiresAt)}`}
                </Typography>
              </span>
            }
          />
        </Paper>
      ))}
    </Stack>
  );
}

/** The basket while the held seats load: the heading and two seats, each with its box and two lines. */
export function BasketListSkeleton() {
  return (
    <Stack spacing={1.5} aria-hidden data-testid="basket-skeleton">
      <Typography variant="h3" component="div" sx={{ mb: 1.5, width: 280 }}>
        <Skeleton animation="wave" />
      </Typography>
      {[0, 1].map((i) => (
        <Paper key={i} variant="outlined" sx={{ px: 2, py: 1, display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Skeleton animation="wave" variant="rounded" width={24} height={24} sx={{ m: 1.125 }} />
          <TextSkeleton lines={[{ width: '55%' }, { width: '45%', variant: 'body2' }]} />
        </Paper>
      ))}
    </Stack>
  );
}
