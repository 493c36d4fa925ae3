import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { paths, pathTo } from '../../../lib/paths.ts';
import { useChildBasicInfo } from '../api/get-child-basic-info.ts';
import { StepActions } from './step-actions.tsx';

/** Step 2: the child's school and grade next to the program's venue, with a link to fix them. */
export function SchoolStep({
  program,
  childId,
  returnTo,
  onBack,
  onNext,
}: {
  program: ProgramDetails;
  childId: string;
  /** Where editing the child comes back to: this step, with this child. */
  returnTo: string;
  onBack: () => void;
  onNext: () => void;
}) {
  const info = useChildBasicInfo(childId);
  const child = info.data;
  const editTo = `${pathTo(paths.childEdit, { id: childId })}?returnTo=${encodeURIComponent(returnTo)}`;
  const venue = program.school
    ? `${program.school.name}, ${program.school.address}, ${program.school.city}`
    : [program.venueName, program.venueAddress].filter(Boolean).join(', ');
  const otherSchool =
    program.locationType === 'at_my_school' && program.school && child && child.schoolId !== program.school.id;

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography variant="h4" component="h3" gutterBottom>
            Your child
          </Typography>
          {!child ? (
            <Box aria-hidden>
              <Skeleton animation="wave" />
              <Skeleton animation="wave" width="60%" />
            </Box>
          ) : (
            <>
              <Typography sx={{ fontWeight: 600 }}>{child.name}</Typography>
              <Typography>
                Grade {child.gradeLabel}, age {child.age}
              </Typography>
              <Typography>School: {child.schoolName ?? 'Not given'}</Typography>
            </>
          )}
          <Button component={RouterLink} to={editTo} startIcon={<EditOutlined aria-hidden />} sx={{ mt: 1.5, ml: -1 }}>
            Edit child’s details
          </Button>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography variant="h4" component="h3" gutterBottom>
            Where the program meets
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{program.title}</Typography>
          <Typography>{venue}</Typography>
        </Paper>
      </Box>
      {otherSchool && (
        <Alert severity="warning">
          This class meets at {program.school!.name}, and {child!.firstName}’s school is{' '}
          {child!.schoolName ?? 'not given'}. Please make sure you can bring {child!.firstName} there, or update the
          school in the child’s details.
        </Alert>
      )}
      <StepActions onBack={onBack} onNext={onNext} nextLabel="These details are right" nextDisabled={!child} />
    </Stack>
  );
}
