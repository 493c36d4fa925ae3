import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import type { OfficePayment } from '@kikstart/contract/admin-money';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { adminPath } from '../admin-paths.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useGetOfficePayments } from './api/get-office-payments.ts';
import { MarkReceivedDialog } from './components/mark-received-dialog.tsx';
import { MoneyPageTitle } from './components/money-page-title.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** /admin/office-payments: families who chose to pay at the office; staff mark the money received. */
export function OfficePaymentsPage() {
  const params = useListParams();
  const { data } = useGetOfficePayments(params.query);
  const columns: AdminColumn<OfficePayment>[] = [
    { key: 'createdAt', label: 'Started', sortable: true, render: (p) => day(p.createdAt) },
    { key: 'family', label: 'Family', render: (p) => p.familyEmail ?? 'Deleted account' },
    {
      key: 'seats',
      label: 'Seats',
      render: (p) => p.lines.map((l) => `${l.childName ?? 'A child'}: ${l.programTitle}`).join('; '),
    },
    {
      key: 'totalCents',
      label: 'Amount due',
      sortable: true,
      align: 'right',
      render: (p) => formatMoneyFromCents(p.totalCents, p.currency),
    },
    { key: 'expiresAt', label: 'Seats held until', sortable: true, render: (p) => day(p.expiresAt) },
    { key: 'actions', label: 'Actions', render: (p) => <MarkReceivedDialog payment={p} /> },
  ];
  return (
    <>
      <MoneyPageTitle
        title="Office payments"
        intro="Families who chose to pay by cash or check. Their seats are held until the date shown; mark the money received to confirm them."
      />
      <AdminTable
        label="Office payments waiting"
        columns={columns}
        data={data}
        params={params}
        rowKey={(p) => p.checkoutId}
        searchLabel="Search by family email"
        empty={
          <EmptyState
            title={params.q ? 'No office payment matches' : 'No office payments waiting'}
            text={
              params.q
                ? 'Clear the search to see every office payment waiting.'
                : 'When a family chooses to pay at the office, it shows here until you mark the money received.'
            }
            actions={
              <Button component={RouterLink} to={adminPath('payments')} variant="outlined">
                See all payments
              </Button>
            }
          />
        }
      />
    </>
  );
}
