import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_KINDS,
  ACCOUNT_KIND_LABELS,
  type AccountKind,
  type AdminAccountRow,
} from '@kikstart/contract/admin-families';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { adminPath } from '../admin-paths.ts';
import { useAccounts } from './api/get-accounts.ts';
import { AccountControls } from './components/account-controls.tsx';
import { RoleChips } from './components/role-chips.tsx';

/** /admin/families: find a parent, a child or a staff member; open a family or manage a staff account. */
export function FamiliesPage() {
  const params = useListParams(['kind']);
  const { data, error, refetch } = useAccounts(params.query);
  const [managing, setManaging] = useState<AdminAccountRow | null>(null);
  // The dialog shows the list's fresh copy after a change.
  const managed = managing ? (data?.items.find((r) => r.userId === managing.userId) ?? managing) : null;

  const columns: AdminColumn<AdminAccountRow>[] = [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (r) =>
        r.familyId ? (
          <Link component={RouterLink} to={adminPath('families', r.familyId)}>
            {r.name}
          </Link>
        ) : (
          r.name
        ),
    },
    { key: 'email', label: 'Email', sortable: true, render: (r) => r.email },
    { key: 'phone', label: 'Phone', render: (r) => r.phone ?? '' },
    { key: 'children', label: 'Children', render: (r) => r.children.join(', ') },
    {
      key: 'roles',
      label: 'Roles',
      render: (r) => <RoleChips roles={r.roles} deactivated={!!r.deactivatedAt} />,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) =>
        r.familyId ? (
          <Button component={RouterLink} to={adminPath('families', r.familyId)} size="small">
            Open family
          </Button>
        ) : (
          <Button size="small" onClick={() => setManaging(r)} aria-label={`Manage ${r.name}`}>
            Manage
          </Button>
        ),
    },
  ];

  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Families
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Find a parent, a child or a staff member. Open a family to see its children, enrollments and payments.
      </Typography>
      {error ? (
        <LoadError onRetry={() => void refetch()}>The accounts could not be loaded.</LoadError>
      ) : (
        <AdminTable
          label="Accounts"
          columns={columns}
          data={data}
          params={params}
          rowKey={(r) => r.userId}
          searchLabel="Search by name, email, phone or child"
          toolbar={
            <TextField
              select
              size="small"
              label="Show"
              value={params.filters.kind || 'all'}
              onChange={(e) => params.update({ kind: e.target.value === 'all' ? undefined : e.target.value })}
              sx={{ minWidth: 160 }}
            >
              {ACCOUNT_KINDS.map((k: AccountKind) => (
                <MenuItem key={k} value={k}>
                  {ACCOUNT_KIND_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
          }
          empty={
            <EmptyState
              title="No accounts match"
              text="Try part of a name, an email address, a few digits of a phone number or a child's first name, or show everyone."
              actions={
                <Button variant="outlined" onClick={() => params.update({ q: undefined, kind: undefined })}>
                  Clear search
                </Button>
              }
            />
          }
        />
      )}
      <Dialog open={!!managed} onClose={() => setManaging(null)} fullWidth maxWidth="sm" aria-labelledby="manage-title">
        {managed && (
          <>
            <DialogTitle id="manage-title">{managed.name}</DialogTitle>
            <DialogContent>
              <Typography sx={{ mb: 2, color: 'text.secondary' }}>
                {managed.email}: a staff account without a family.
              </Typography>
              <AccountControls account={managed} name={managed.name} />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setManaging(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
