import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AdminCoupon } from '@kikstart/contract/admin-money';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useGetAdminCoupons } from './api/get-admin-coupons.ts';
import { useSetCouponActive } from './api/set-coupon-active.ts';
import { CouponDialog } from './components/coupon-dialog.tsx';
import { CouponUsesDialog } from './components/coupon-uses-dialog.tsx';
import { MoneyPageTitle } from './components/money-page-title.tsx';

const discount = (c: AdminCoupon) =>
  c.kind === 'percent' ? `${c.percentOff}% off` : `${formatMoneyFromCents(c.amountOffCents ?? 0, c.currency)} off`;
const validity = (c: AdminCoupon) =>
  c.validFrom || c.validUntil ? `${c.validFrom ?? 'Any time'} to ${c.validUntil ?? 'no end'}` : 'Always';
const limit = (n: number | null) => (n === null ? 'no limit' : String(n));

/** /admin/coupons: codes families type at checkout, their limits and who used them. */
export function CouponsPage() {
  const params = useListParams(['active'] as const);
  const { data } = useGetAdminCoupons(params.query);
  const setActive = useSetCouponActive();
  const columns: AdminColumn<AdminCoupon>[] = [
    { key: 'code', label: 'Code', sortable: true, render: (c) => <strong>{c.code}</strong> },
    {
      key: 'discount',
      label: 'Discount',
      render: (c) => `${discount(c)}${c.forPlans ? ' (memberships)' : ''}`,
    },
    { key: 'validity', label: 'Valid', render: validity },
    {
      key: 'limits',
      label: 'Limits',
      render: (c) => `${limit(c.maxRedemptions)} in total, ${limit(c.maxPerFamily)} per family`,
    },
    {
      key: 'redeemed',
      label: 'Used',
      sortable: true,
      align: 'right',
      render: (c) => `${c.redeemed}${c.reserved ? ` (+${c.reserved} open)` : ''}`,
    },
    {
      key: 'active',
      label: 'Status',
      render: (c) => <StatusChip tone={c.active ? 'success' : 'default'} label={c.active ? 'Active' : 'Inactive'} />,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (c) => (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <CouponDialog coupon={c} />
          <CouponUsesDialog coupon={c} />
          {c.active ? (
            <ConfirmButton
              label="Deactivate"
              ariaLabel={`Deactivate ${c.code}`}
              title={`Deactivate ${c.code}?`}
              text="New checkouts will refuse the code. Checkouts already paid keep their discount."
              confirmLabel="Deactivate"
              variant="text"
              onConfirm={() => setActive.mutateAsync({ id: c.id, active: false })}
            />
          ) : (
            <Button size="small" onClick={() => setActive.mutate({ id: c.id, active: true })}>
              Activate
            </Button>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <>
      <MoneyPageTitle
        title="Coupons"
        intro="Codes families enter at checkout. The sibling discount is applied first, then the coupon."
        action={<CouponDialog />}
      />
      <AdminTable
        label="Coupons"
        columns={columns}
        data={data}
        params={params}
        rowKey={(c) => c.id}
        searchLabel="Search by code or description"
        toolbar={
          <TextField
            select
            size="small"
            label="Status"
            value={params.filters.active}
            onChange={(e) => params.update({ active: e.target.value })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="true">Active</MenuItem>
            <MenuItem value="false">Inactive</MenuItem>
          </TextField>
        }
        empty={
          <EmptyState
            title={params.q || params.filters.active ? 'No coupons match' : 'No coupons yet'}
            text={
              params.q || params.filters.active
                ? 'Clear the search or the status filter to see every coupon.'
                : 'Create a coupon to give families a discount code for a term or an event.'
            }
            actions={<CouponDialog />}
          />
        }
      />
    </>
  );
}
