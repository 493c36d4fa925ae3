import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { waiverPublishSchema, type WaiverVersionSummary } from '@kikstart/contract/admin-content';
import type { ContentPage } from '@kikstart/contract/content';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import { adminPath } from '../admin-paths.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useWaiverVersions } from './api/get-waiver-versions.ts';
import { usePublishWaiver } from './api/publish-waiver.ts';
import { ContentEditorPage, useContentForm } from './components/content-editor.tsx';
import { MarkdownEditor } from './components/markdown-editor.tsx';

/**
 * /admin/content/waiver: the waiver guardians sign. A change is a new version: new enrollments
 * sign it, and every earlier text stays listed under its version with the signatures that point at it.
 */
export function WaiverPage() {
  return (
    <ContentEditorPage
      pageKey="waiver-data"
      title="Waiver"
      intro="Publishing a new text makes it the next version. Guardians who signed an earlier version keep it; new enrollments sign the new one."
      after={<WaiverVersions />}
    >
      {(page) => <WaiverForm page={page} />}
    </ContentEditorPage>
  );
}

function WaiverForm({ page }: { page: ContentPage }) {
  const publish = usePublishWaiver();
  const { control, trigger, getValues } = useContentForm(
    waiverPublishSchema,
    { basedOn: page.version, body: page.body },
    publish.mutateAsync,
  );
  const confirm = async () => {
    // The form is checked before the text goes out; a refusal keeps the dialog open.
    if (!(await trigger())) throw new Error('invalid');
    await publish.mutateAsync(waiverPublishSchema.parse(getValues()));
  };
  return (
    <Stack component="form" noValidate spacing={3} aria-label="New waiver text" onSubmit={(e) => e.preventDefault()}>
      <Typography variant="h2" sx={{ fontSize: 22 }}>
        Current text: version {page.version}
      </Typography>
      <MarkdownEditor control={control} name="body" label="Waiver text" heading={page.title} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <ConfirmButton
          label={`Publish as version ${page.version + 1}`}
          title={`Publish waiver version ${page.version + 1}?`}
          text="From now on, every new enrollment signs this text. Signatures already given keep pointing at the version they signed, which stays readable below."
          confirmLabel="Publish"
          variant="contained"
          onConfirm={confirm}
        />
      </Stack>
    </Stack>
  );
}

function WaiverVersions() {
  const params = useListParams();
  const { data } = useWaiverVersions(params.query);
  const columns: AdminColumn<WaiverVersionSummary>[] = [
    {
      key: 'version',
      label: 'Version',
      sortable: true,
      render: (v) => (
        <Link component={RouterLink} to={adminPath('content', 'waiver', String(v.version))}>
          Version {v.version}
        </Link>
      ),
    },
    { key: 'publishedAt', label: 'Published', sortable: true, render: (v) => formatDateTime(v.publishedAt) },
    { key: 'publishedBy', label: 'By', render: (v) => v.publishedBy ?? 'Initial text' },
    { key: 'signatures', label: 'Signatures', align: 'right', render: (v) => v.signatures },
    {
      key: 'current',
      label: 'Status',
      render: (v) => (v.current ? <Chip size="small" color="success" label="Current" /> : 'Earlier'),
    },
  ];
  return (
    <Box component="section" aria-label="Waiver versions">
      <Typography variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        Versions
      </Typography>
      <AdminTable
        label="Waiver versions"
        columns={columns}
        data={data}
        params={params}
        rowKey={(v) => String(v.version)}
        empty={
          <EmptyState
            title="No waiver versions yet"
            text="Write the waiver text above and publish it: it becomes version 1."
            actions={null}
          />
        }
      />
    </Box>
  );
}
