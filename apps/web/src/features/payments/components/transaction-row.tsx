import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Transaction } from '@kikstart/contract/payments';
import { StatusChip } from '../../../components/status-chip.tsx';
import { TextSkeleton } from '../../../components/text-skeleton.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { paths, pathTo } from '../../../lib/paths.ts';

const KIND_LABEL = { payment: 'Payment', refund: 'Refund', failed: 'Failed payment' } as const;
const STATUS_LABEL = { pending: 'Pending', succeeded: 'Done', failed: 'Failed' } as const;
const STATUS_TONE = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

/** One payment, refund or failed attempt: what, when, how much, its state and its receipt. */
export function TransactionRow({ transaction: t }: { transaction: Transaction }) {
  const amount = formatMoneyFromCents(t.amountCents, t.currency);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography
            sx={{ fontWeight: 700 }}
          >{`${KIND_LABEL[t.kind]} · ${t.kind === 'refund' ? `+${amount}` : amount}`}</Typography>
          <Typography>{t.description}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(t.createdAt)}
          </Typography>
          {t.failureReason && <Typography variant="body2" sx={{ mt: 0.5 }}>{`Why: ${t.failureReason}`}</Typography>}
          {t.kind === 'refund' && t.status === 'pending' && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              The refund is on its way back to your card; it is sent within minutes.
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <StatusChip label={STATUS_LABEL[t.status]} tone={STATUS_TONE[t.status]} />
          {t.hasReceipt && (
            <Button
              component={RouterLink}
              to={pathTo(paths.receipt, { id: t.id })}
              size="small"
              variant="outlined"
              aria-label={`Receipt for the payment of ${amount} on ${formatDateTime(t.createdAt)}`}
            >
              Receipt
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** A payment while the list loads: amount, description and date lines, the state and receipt button beside them. */
export function TransactionRowSkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-hidden>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <TextSkeleton lines={[{ width: '35%' }, { width: '70%' }, { width: '30%', variant: 'body2' }]} />
        <Skeleton animation="wave" variant="rounded" width={140} height={31} />
      </Stack>
    </Paper>
  );
}
