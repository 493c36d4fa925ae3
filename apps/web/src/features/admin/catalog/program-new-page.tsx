import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { adminPath } from '../admin-paths.ts';
import { useSaveProgram } from './api/save-program.ts';
import { EMPTY_PROGRAM, ProgramForm } from './components/program-form.tsx';

/** /admin/programs/new: a new program, saved as a draft; its page then publishes it. */
export function ProgramNewPage() {
  const save = useSaveProgram();
  const navigate = useNavigate();
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        New program
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        It is saved as a draft: families see it once you publish it.
      </Typography>
      <ProgramForm
        defaultValues={EMPTY_PROGRAM}
        submitLabel="Create program"
        onSubmit={async (input) => {
          const program = await save.mutateAsync({ input });
          await navigate(adminPath('programs', program.id));
        }}
      />
    </>
  );
}
