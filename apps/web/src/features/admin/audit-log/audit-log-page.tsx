import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_SEARCH_MAX } from '@kikstart/contract/admin-lists';
import { auditLogQuerySchema, type AuditEntry } from '@kikstart/contract/admin-audit';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useAuditLog } from './api/get-audit-log.ts';

const FILTERS = ['actor', 'from', 'to'] as const;

/** The ids an entry names, as `programId: 1f3…` lines (ids only: the log never holds names or notes). */
function SubjectIds({ ids }: { ids: AuditEntry['subjectIds'] }) {
  const entries = Object.entries(ids);
  if (entries.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: 12 }}>
      {entries.map(([key, value]) => (
        <li key={key}>
          {key}: {Array.isArray(value) ? value.join(', ') : value}
        </li>
      ))}
    </Box>
  );
}

const COLUMNS: AdminColumn<AuditEntry>[] = [
  { key: 'at', label: 'When', sortable: true, render: (e) => formatDateTime(e.at) },
  {
    key: 'actor',
    label: 'Who',
    render: (e) =>
      e.actorEmail ? (
        <>
          {e.actorName}
          <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {e.actorEmail}
          </Typography>
        </>
      ) : (
        `Deleted account ${e.actorId}`
      ),
  },
  {
    key: 'action',
    label: 'What',
    sortable: true,
    render: (e) => (
      <Box component="code" sx={{ fontSize: 13 }}>
        {e.action}
      </Box>
    ),
  },
  { key: 'ids', label: 'Ids', render: (e) => <SubjectIds ids={e.subjectIds} /> },
  { key: 'status', label: 'Answer', sortable: true, align: 'right', render: (e) => e.status },
  { key: 'ip', label: 'From', render: (e) => e.ip },
];

/** /admin/audit-log: every staff write and medical-data read. Read-only, by design. */
export function AuditLogPage() {
  const params = useListParams(FILTERS);
  const { actor, from, to } = params.filters;
  const [actorText, setActorText] = useState(actor);
  // Like the search box: the actor filter waits for a pause in typing.
  useEffect(() => {
    if (actorText.trim() === actor) return;
    const timer = setTimeout(() => params.update({ actor: actorText.trim() }), 300);
    return () => clearTimeout(timer);
  }, [actorText, actor, params]);

  // A range the API would refuse is not sent; the field says why instead.
  const check = auditLogQuerySchema.safeParse({ from: from || undefined, to: to || undefined });
  const rangeError = check.success ? null : (check.error.issues[0]?.message ?? null);
  const query = useAuditLog(rangeError ? '' : params.query);
  const filtered = Boolean(params.q || actor || from || to);

  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Audit log
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Every change staff make and every time staff read a child’s medical details: who, what, when and from where.
        Entries hold ids only and cannot be edited or deleted.
      </Typography>
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>The audit log could not be loaded.</LoadError>
      ) : (
        <AdminTable
          label="Audit log"
          columns={COLUMNS}
          data={query.data}
          params={params}
          rowKey={(e) => e.id}
          searchLabel="Search actions"
          toolbar={
            <>
              <TextField
                label="Staff member (name or email)"
                size="small"
                value={actorText}
                onChange={(e) => setActorText(e.target.value)}
                slotProps={{ htmlInput: { maxLength: ADMIN_SEARCH_MAX } }}
                sx={{ minWidth: { xs: '100%', sm: 260 } }}
              />
              <TextField
                label="From"
                type="date"
                size="small"
                value={from}
                onChange={(e) => params.update({ from: e.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
              />
              <TextField
                label="To"
                type="date"
                size="small"
                value={to}
                onChange={(e) => params.update({ to: e.target.value })}
                error={Boolean(rangeError)}
                helperText={rangeError ?? undefined}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
              />
            </>
          }
          empty={
            filtered ? (
              <EmptyState
                title="No entries match"
                text="Nothing staff did matches these filters. Widen the dates or clear the search."
                actions={
                  <Button
                    variant="outlined"
                    onClick={() => {
                      setActorText('');
                      params.update({ q: undefined, actor: undefined, from: undefined, to: undefined });
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                title="Nothing recorded yet"
                text="Entries appear here as soon as staff change something in the console or open a child’s medical details."
                actions={null}
              />
            )
          }
        />
      )}
    </>
  );
}
