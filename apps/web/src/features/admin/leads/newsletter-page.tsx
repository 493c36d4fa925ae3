import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { NEWSLETTER_STATUSES, NEWSLETTER_STATUS_LABELS, type AdminSubscriber } from '@kikstart/contract/admin-leads';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { StatusChip, type StatusTone } from '../../../components/status-chip.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useExportSubscribers } from './api/export-subscribers.ts';
import { useSubscribers } from './api/get-subscribers.ts';
import { LeadFilterSelect } from './components/lead-filter-select.tsx';

const FILTERS = ['status'] as const;

const TONES: Record<AdminSubscriber['status'], StatusTone> = {
  pending: 'info-outline',
  confirmed: 'success',
  unsubscribed: 'default',
};

const columns: AdminColumn<AdminSubscriber>[] = [
  {
    key: 'email',
    label: 'Email',
    sortable: true,
    render: (s) => <span style={{ overflowWrap: 'anywhere' }}>{s.email}</span>,
  },
  {
    key: 'status',
    label: 'Status',
    render: (s) => <StatusChip tone={TONES[s.status]} label={NEWSLETTER_STATUS_LABELS[s.status]} />,
  },
  { key: 'createdAt', label: 'Signed up', sortable: true, render: (s) => formatDateTime(s.createdAt) },
  {
    key: 'confirmedAt',
    label: 'Confirmed',
    render: (s) => (s.confirmedAt ? formatDateTime(s.confirmedAt) : '—'),
  },
];

/** /admin/newsletter: who signed up in the footer, and a CSV for the mailing tool. */
export function NewsletterPage() {
  usePageMeta({ title: 'Newsletter' });
  const params = useListParams(FILTERS);
  const subscribers = useSubscribers(params.query);
  const exportCsv = useExportSubscribers();
  const [resetKey, setResetKey] = useState(0);
  const filtered = Boolean(params.q || params.filters.status);
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Newsletter
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Everyone who signed up in the footer. Only confirmed subscribers asked to receive mail; export them for your
        mailing tool.
      </Typography>
      {subscribers.isError ? (
        <LoadError onRetry={() => void subscribers.refetch()}>The subscribers could not be loaded.</LoadError>
      ) : (
        <AdminTable
          key={resetKey}
          label="Newsletter subscribers"
          columns={columns}
          data={subscribers.data}
          params={params}
          rowKey={(s) => s.id}
          searchLabel="Search by email"
          toolbar={
            <>
              <LeadFilterSelect
                label="Status"
                anyLabel="Any status"
                value={params.filters.status}
                options={NEWSLETTER_STATUSES.map((s) => ({ value: s, label: NEWSLETTER_STATUS_LABELS[s] }))}
                onChange={(status) => params.update({ status })}
              />
              <Button
                variant="outlined"
                disabled={exportCsv.isPending || subscribers.data?.total === 0}
                onClick={() => exportCsv.mutate(params.query)}
              >
                Export CSV
              </Button>
            </>
          }
          empty={
            filtered ? (
              <EmptyState
                title="No subscribers match"
                text="Nothing matches this search or status. Clear it to see everyone."
                actions={
                  <Button
                    variant="contained"
                    onClick={() => {
                      params.update({ q: undefined, status: undefined });
                      setResetKey((k) => k + 1);
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                title="No subscribers yet"
                text="Visitors sign up with the newsletter box in the site's footer; they appear here once they do."
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
