import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LEAD_KINDS,
  LEAD_KIND_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  type AdminLeadDetail,
  type LeadKind,
  type LeadStatus,
} from '@kikstart/contract/admin-leads';
import { FactsList } from '../../../components/facts-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TextSkeleton } from '../../../components/text-skeleton.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { adminPath } from '../admin-paths.ts';
import { useLead } from './api/get-lead.ts';
import { useLeadOwners } from './api/get-lead-owners.ts';
import { useUpdateLead } from './api/update-lead.ts';
import { CoachApplicationPanel } from './components/coach-application-panel.tsx';
import { CoachRequestPanel } from './components/coach-request-panel.tsx';
import { LeadNotes } from './components/lead-notes.tsx';
import { LeadStatusChip } from './components/lead-status-chip.tsx';

const isKind = (value: string | undefined): value is LeadKind => LEAD_KINDS.includes(value as LeadKind);

/** /admin/leads/:kind/:id: one lead, worked from here. */
export function LeadDetailPage() {
  const { kind, id = '' } = useParams();
  if (!isKind(kind))
    return <LoadError>There is no such kind of lead. Go back to the inbox and open it from the list.</LoadError>;
  return <LeadDetail kind={kind} id={id} />;
}

function LeadDetail({ kind, id }: { kind: LeadKind; id: string }) {
  const lead = useLead(kind, id);
  usePageMeta({ title: lead.data ? `${lead.data.name} · Leads` : 'Lead' });
  return (
    <>
      <Button component={RouterLink} to={adminPath('leads')} sx={{ mb: 2 }}>
        Back to leads
      </Button>
      {lead.isError ? (
        <LoadError onRetry={() => void lead.refetch()}>
          This lead could not be loaded. It may have been deleted with its account.
        </LoadError>
      ) : !lead.data ? (
        <TextSkeleton
          lines={[{ width: '50%', variant: 'h1' }, { width: '30%' }, { width: '100%' }, { width: '100%' }]}
        />
      ) : (
        <LeadView lead={lead.data} />
      )}
    </>
  );
}

function LeadView({ lead }: { lead: AdminLeadDetail }) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1, overflowWrap: 'anywhere' }}>
        {lead.name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <LeadStatusChip status={lead.status} />
        <Typography sx={{ color: 'text.secondary' }}>
          {LEAD_KIND_LABELS[lead.kind]} · received {formatDateTime(lead.createdAt)}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
                What they sent
              </Typography>
              <FactsList
                facts={lead.fields.map((f) => ({
                  label: f.label,
                  value: (
                    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {f.value}
                    </Box>
                  ),
                }))}
              />
            </CardContent>
          </Card>
          {lead.coachApplication && (
            <Card variant="outlined">
              <CardContent>
                <CoachApplicationPanel id={lead.id} application={lead.coachApplication} />
              </CardContent>
            </Card>
          )}
          {lead.coachRequest && (
            <Card variant="outlined">
              <CardContent>
                <CoachRequestPanel id={lead.id} request={lead.coachRequest} />
              </CardContent>
            </Card>
          )}
          <Card variant="outlined">
            <CardContent>
              <LeadNotes kind={lead.kind} id={lead.id} notes={lead.notes} />
            </CardContent>
          </Card>
        </Stack>
        {/* On a phone the status comes first: it is what staff open a lead to change. */}
        <Card variant="outlined" sx={{ order: { xs: -1, md: 0 } }}>
          <CardContent>
            <LeadWorkflow lead={lead} />
          </CardContent>
        </Card>
      </Box>
    </>
  );
}

/** Status and owner, each saved as it is chosen. */
function LeadWorkflow({ lead }: { lead: AdminLeadDetail }) {
  const update = useUpdateLead(lead.kind, lead.id);
  const owners = useLeadOwners();
  return (
    <Stack spacing={2.5} component="section" aria-labelledby="lead-workflow-title">
      <Typography id="lead-workflow-title" variant="h2" sx={{ fontSize: 20 }}>
        Progress
      </Typography>
      <TextField
        select
        label="Status"
        value={lead.status}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ status: e.target.value as LeadStatus })}
      >
        {LEAD_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {LEAD_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Owner"
        value={owners.data ? (lead.ownerId ?? '') : ''}
        disabled={update.isPending || !owners.data}
        onChange={(e) => update.mutate({ ownerId: e.target.value || null })}
        helperText="The admin working this lead."
      >
        <MenuItem value="">Nobody yet</MenuItem>
        {(owners.data ?? []).map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
