import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TRANSACTION_KINDS } from '@kikstart/contract/payments';
import { TRANSACTION_STATUSES, type AdminTransaction } from '@kikstart/contract/admin-money';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useAdminTransactions } from './api/get-admin-transactions.ts';
import { useMarkRefundHandedBack } from './api/mark-refund-handed-back.ts';
import { MoneyPageTitle } from './components/money-page-title.tsx';
import { RefundDialog } from './components/refund-dialog.tsx';

const FILTERS = ['kind', 'status', 'from', 'until'] as const;
const KIND_LABELS = { payment: 'Payment', refund: 'Refund', failed: 'Failed attempt' } as const;
const STATUS_TONES: Record<AdminTransaction['status'], StatusTone> = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'error',
};
const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/payments: every family's transactions; refunds through the gateway; office refunds handed back. */
export function PaymentsPage() {
  const params = useListParams(FILTERS);
  const { data } = useAdminTransactions(params.query);
  const handedBack = useMarkRefundHandedBack();
  const filtered = FILTERS.some((f) => params.filters[f]) || params.q;

  const columns: AdminColumn<AdminTransaction>[] = [
    { key: 'createdAt', label: 'Date', sortable: true, render: (t) => dateTime(t.createdAt) },
    {
      key: 'family',
      label: 'Family',
      render: (t) => t.familyEmail ?? <Typography color="text.secondary">Deleted account</Typography>,
    },
    {
      key: 'description',
      label: 'What',
      render: (t) => (
        <>
          {/* Refund descriptions already begin with "Refund:". */}
          {t.kind === 'refund' ? t.description : `${KIND_LABELS[t.kind]}: ${t.description}`}
          {t.refundReason && (
            <Typography variant="body2" color="text.secondary">
              Reason: {t.refundReason}
            </Typography>
          )}
          {t.failureReason && (
            <Typography variant="body2" color="text.secondary">
              {t.failureReason}
            </Typography>
          )}
          {t.reference && (
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              Ref. {t.reference}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'amountCents',
      label: 'Amount',
      sortable: true,
      align: 'right',
      render: (t) => `${t.kind === 'refund' ? '−' : ''}${formatMoneyFromCents(t.amountCents, t.currency)}`,
    },
    {
      key: 'status',
      label: 'Status',
      render: (t) => <StatusChip tone={STATUS_TONES[t.status]} label={t.status} />,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (t) =>
        t.refundableCents > 0 ? (
          <RefundDialog payment={t} />
        ) : t.kind === 'refund' && t.status === 'pending' && t.gateway === 'manual' ? (
          <ConfirmButton
            label="Mark handed back"
            title="Refund handed back?"
            text={`Confirm that ${formatMoneyFromCents(t.amountCents, t.currency)} was given back to ${t.familyEmail ?? 'the family'} in person.`}
            confirmLabel="Mark handed back"
            onConfirm={() => handedBack.mutateAsync(t.id)}
            variant="text"
          />
        ) : null,
    },
  ];

  return (
    <>
      <MoneyPageTitle
        title="Payments"
        intro="Every family's payments, refunds and failed attempts. Refund part or all of a payment through the gateway it was paid with."
      />
      <AdminTable
        label="Transactions"
        columns={columns}
        data={data}
        params={params}
        rowKey={(t) => t.id}
        searchLabel="Search by family email or reference"
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <TextField
              select
              size="small"
              label="Kind"
              value={params.filters.kind}
              onChange={(e) => params.update({ kind: e.target.value })}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">All kinds</MenuItem>
              {TRANSACTION_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={params.filters.status}
              onChange={(e) => params.update({ status: e.target.value })}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">All statuses</MenuItem>
              {TRANSACTION_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              size="small"
              label="From"
              value={params.filters.from}
              onChange={(e) => params.update({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label="Until"
              value={params.filters.until}
              onChange={(e) => params.update({ until: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        }
        empty={
          <EmptyState
            title={filtered ? 'No transactions match' : 'No transactions yet'}
            text={
              filtered
                ? 'Clear the search or widen the filters to see more.'
                : 'Payments appear here as soon as a family pays for a seat or a membership.'
            }
            actions={null}
          />
        }
      />
    </>
  );
}
