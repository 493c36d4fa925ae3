import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REFUND_REQUEST_STATUSES, type RefundRequest } from '@kikstart/contract/admin-money';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useApproveRefundRequest } from './api/approve-refund-request.ts';
import { useGetRefundRequests } from './api/get-refund-requests.ts';
import { DeclineRequestButton } from './components/decline-request-button.tsx';
import { MoneyPageTitle } from './components/money-page-title.tsx';

const STATUS: Record<RefundRequest['status'], { label: string; tone: StatusTone }> = {
  pending: { label: 'Waiting', tone: 'warning' },
  approved: { label: 'Refunded', tone: 'success' },
  rejected: { label: 'Declined', tone: 'default' },
};

/** /admin/refund-requests: families who dropped out after the first session and asked for their money back. */
export function RefundRequestsPage() {
  const params = useListParams(['status'] as const);
  const { data } = useGetRefundRequests(params.query);
  const approve = useApproveRefundRequest();
  const columns: AdminColumn<RefundRequest>[] = [
    {
      key: 'createdAt',
      label: 'Asked',
      sortable: true,
      render: (r) => new Date(r.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' }),
    },
    { key: 'family', label: 'Family', render: (r) => r.familyEmail ?? 'Deleted account' },
    {
      key: 'seat',
      label: 'Seat',
      render: (r) => `${r.childName ?? 'A child'}: ${r.programTitle ?? 'a program'}`,
    },
    { key: 'reason', label: 'Their reason', render: (r) => r.reason },
    {
      key: 'amountCents',
      label: 'Amount',
      sortable: true,
      align: 'right',
      render: (r) => formatMoneyFromCents(r.amountCents, r.currency),
    },
    {
      key: 'status',
      label: 'Status',
      render: (r) => (
        <>
          <StatusChip tone={STATUS[r.status].tone} label={STATUS[r.status].label} />
          {r.decisionReason && (
            <Typography variant="body2" color="text.secondary">
              {r.decisionReason}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) =>
        r.status === 'pending' ? (
          <Stack direction="row" spacing={1}>
            <ConfirmButton
              label="Approve"
              ariaLabel={`Approve the refund for ${r.childName ?? 'this child'}`}
              title="Refund this seat?"
              text={`${formatMoneyFromCents(r.amountCents, r.currency)} goes back to ${r.familyEmail ?? 'the family'} through the payment it was made with, and the family is mailed.`}
              confirmLabel="Approve and refund"
              variant="text"
              onConfirm={() => approve.mutateAsync(r.id)}
            />
            <DeclineRequestButton request={r} />
          </Stack>
        ) : null,
    },
  ];
  return (
    <>
      <MoneyPageTitle
        title="Refund requests"
        intro="A family that drops out before the first session is refunded automatically. After it, their request waits here for you to approve or decline."
      />
      <AdminTable
        label="Refund requests"
        columns={columns}
        data={data}
        params={params}
        rowKey={(r) => r.id}
        searchLabel="Search by family email"
        toolbar={
          <TextField
            select
            size="small"
            label="Status"
            value={params.filters.status}
            onChange={(e) => params.update({ status: e.target.value })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">All</MenuItem>
            {REFUND_REQUEST_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {STATUS[s].label}
              </MenuItem>
            ))}
          </TextField>
        }
        empty={
          <EmptyState
            title={params.q || params.filters.status ? 'No requests match' : 'No refund requests'}
            text={
              params.q || params.filters.status
                ? 'Clear the search or the status filter to see every request.'
                : 'When a family drops out after a program has started, their refund request shows here.'
            }
            actions={null}
          />
        }
      />
    </>
  );
}
