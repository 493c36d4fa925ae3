import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { AdminProgram } from '@kikstart/contract/admin-catalog';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths, pathTo } from '../../../lib/paths.ts';
import { adminPath } from '../admin-paths.ts';
import { useAdminProgram } from './api/get-admin-program.ts';
import { useDeleteProgram } from './api/delete-program.ts';
import { usePublishProgram } from './api/publish-program.ts';
import { useSaveProgram } from './api/save-program.ts';
import { ProgramForm, programFormValues } from './components/program-form.tsx';
import { ProgramImageForm } from './components/program-image-form.tsx';
import { SkippedDaysSection } from './components/skipped-days-section.tsx';

/** /admin/programs/:programId: edit, publish or unpublish, picture, and delete when nobody enrolled. */
export function ProgramEditPage() {
  const { programId = '' } = useParams();
  const { data: program, error, refetch } = useAdminProgram(programId);
  if (error) return <LoadError onRetry={() => void refetch()}>The program could not be loaded.</LoadError>;
  if (!program) return <PageLoader label="Loading the program" />;
  return <ProgramEditor key={program.id} program={program} />;
}

function ProgramEditor({ program }: { program: AdminProgram }) {
  const save = useSaveProgram();
  const publish = usePublishProgram();
  const remove = useDeleteProgram();
  const navigate = useNavigate();
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        <Link component={RouterLink} to={adminPath('programs')}>
          All programs
        </Link>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 } }}>
          {program.title}
        </Typography>
        {program.published ? <Chip color="success" label="Published" /> : <Chip label="Draft" />}
      </Box>
      <Alert severity="info" sx={{ mb: 3 }}>
        {program.seatsTaken} of {program.capacity} seats taken
        {program.waitlist ? `, ${program.waitlist} on the waitlist` : ''}.{' '}
        {program.published ? 'Families can find it in the catalog.' : 'Families cannot see it until you publish it.'}
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 4 }}>
        <Button
          variant={program.published ? 'outlined' : 'contained'}
          disabled={publish.isPending}
          onClick={() => publish.mutate({ id: program.id, published: !program.published })}
        >
          {program.published ? 'Unpublish' : 'Publish'}
        </Button>
        {program.published && (
          <Button component={RouterLink} to={pathTo(paths.programDetails, { id: program.id })}>
            View on the site
          </Button>
        )}
        {program.enrollments === 0 ? (
          <ConfirmButton
            label="Delete program"
            title={`Delete ${program.title}?`}
            text="Nobody has enrolled, so the program and its activities are deleted for good."
            confirmLabel="Delete program"
            onConfirm={async () => {
              await remove.mutateAsync(program.id);
              await navigate(adminPath('programs'));
            }}
          />
        ) : (
          <Typography sx={{ color: 'text.secondary', alignSelf: 'center', fontSize: 14 }}>
            It has enrollments, so it cannot be deleted: unpublish it instead.
          </Typography>
        )}
      </Box>
      <ProgramImageForm program={program} />
      <Divider sx={{ my: 4 }} />
      <ProgramForm
        defaultValues={programFormValues(program)}
        submitLabel="Save program"
        onSubmit={async (input) => {
          await save.mutateAsync({ id: program.id, input });
        }}
      />
      <Divider sx={{ my: 4 }} />
      <SkippedDaysSection program={program} />
    </>
  );
}
