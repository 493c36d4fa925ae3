import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  LEAD_KINDS,
  LEAD_KIND_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  UNASSIGNED,
  type AdminLead,
} from '@kikstart/contract/admin-leads';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { adminPath } from '../admin-paths.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useExportLeads } from './api/export-leads.ts';
import { useLeadOwners } from './api/get-lead-owners.ts';
import { useLeads } from './api/get-leads.ts';
import { LeadFilterSelect } from './components/lead-filter-select.tsx';
import { LeadStatusChip } from './components/lead-status-chip.tsx';

const FILTERS = ['kind', 'status', 'owner'] as const;

const columns: AdminColumn<AdminLead>[] = [
  {
    key: 'name',
    label: 'Lead',
    sortable: true,
    render: (lead) => (
      <>
        <Link component={RouterLink} to={adminPath('leads', lead.kind, lead.id)} sx={{ fontWeight: 600 }}>
          {lead.name}
        </Link>
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            whiteSpace: 'normal',
            overflowWrap: 'break-word',
            minWidth: 180,
            maxWidth: 260,
          }}
        >
          {[lead.organization, lead.email, lead.phone].filter(Boolean).join(' · ')}
        </Typography>
      </>
    ),
  },
  { key: 'kind', label: 'Kind', sortable: true, render: (lead) => LEAD_KIND_LABELS[lead.kind] },
  {
    key: 'summary',
    label: 'About',
    render: (lead) => (
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'normal', overflowWrap: 'break-word', minWidth: 160, maxWidth: 240 }}
      >
        {lead.summary}
      </Typography>
    ),
  },
  {
    key: 'status',
    label: 'Status',
    sortable: true,
    render: (lead) => (
      <>
        <LeadStatusChip status={lead.status} />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, whiteSpace: 'nowrap' }}>
          {lead.ownerName ?? 'No owner'}
        </Typography>
      </>
    ),
  },
  {
    key: 'createdAt',
    label: 'Received',
    sortable: true,
    render: (lead) => (
      <Typography variant="body2" sx={{ whiteSpace: 'normal', minWidth: 110 }}>
        {formatDateTime(lead.createdAt)}
      </Typography>
    ),
  },
];

/** /admin/leads: every lead from the website in one inbox, worked from new to won or lost. */
export function LeadsPage() {
  usePageMeta({ title: 'Leads' });
  const params = useListParams(FILTERS);
  const leads = useLeads(params.query);
  const owners = useLeadOwners();
  const exportCsv = useExportLeads();
  // The table keeps what is typed in its search box; a new key clears it with the filters.
  const [resetKey, setResetKey] = useState(0);
  const filtered = Boolean(params.q || params.filters.kind || params.filters.status || params.filters.owner);

  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Leads
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Demo requests, call bookings, enquiries, contact messages, school requests, coach applications and coach-access
        requests. Open one to change its status, give it an owner and keep notes.
      </Typography>
      {leads.isError ? (
        <LoadError onRetry={() => void leads.refetch()}>The leads could not be loaded.</LoadError>
      ) : (
        <AdminTable
          key={resetKey}
          label="Leads"
          columns={columns}
          data={leads.data}
          params={params}
          rowKey={(lead) => `${lead.kind}:${lead.id}`}
          searchLabel="Search name, email or school"
          toolbar={
            <>
              <LeadFilterSelect
                label="Kind"
                anyLabel="All kinds"
                value={params.filters.kind}
                options={LEAD_KINDS.map((k) => ({ value: k, label: LEAD_KIND_LABELS[k] }))}
                onChange={(kind) => params.update({ kind })}
              />
              <LeadFilterSelect
                label="Status"
                anyLabel="Any status"
                value={params.filters.status}
                options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
                onChange={(status) => params.update({ status })}
              />
              <LeadFilterSelect
                label="Owner"
                anyLabel="Anyone"
                value={owners.data ? params.filters.owner : ''}
                options={[
                  { value: UNASSIGNED, label: 'Nobody yet' },
                  ...(owners.data ?? []).map((o) => ({ value: o.id, label: o.name })),
                ]}
                onChange={(owner) => params.update({ owner })}
              />
              <Button
                variant="outlined"
                disabled={exportCsv.isPending || leads.data?.total === 0}
                onClick={() => exportCsv.mutate(params.query)}
              >
                Export CSV
              </Button>
            </>
          }
          empty={
            filtered ? (
              <EmptyState
                title="No leads match"
                text="Nothing matches these filters. Clear them to see every lead."
                actions={
                  <Button
                    variant="contained"
                    onClick={() => {
                      params.update({ q: undefined, kind: undefined, status: undefined, owner: undefined });
                      setResetKey((k) => k + 1);
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                title="No leads yet"
                text="Requests from the website's demo, call, contact, school and coach forms arrive here. Share the site to bring some in."
                actions={
                  <Button variant="contained" component={RouterLink} to={paths.home}>
                    Open the website
                  </Button>
                }
              />
            )
          }
        />
      )}
    </>
  );
}
