import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { Link as RouterLink } from 'react-router';
import type { EnrollmentCheck } from '@kikstart/contract/enrollments';
import { paths } from '../../../lib/paths.ts';
import { useChildrenBasic } from '../api/get-children-basic.ts';
import { EnrollmentCheckSummary } from './enrollment-check-summary.tsx';
import { StepActions } from './step-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';

interface Props {
  enrollPath: string;
  childId: string | null;
  onChildChange: (id: string) => void;
  check: EnrollmentCheck | undefined;
  checking: boolean;
  onNext: () => void;
}

/** Step 1: pick one of the family's children (or add one and come back) and see if they can join. */
export function ChooseChildStep({ enrollPath, childId, onChildChange, check, checking, onNext }: Props) {
  const children = useChildrenBasic();
  const addChildTo = `${paths.childNew}?returnTo=${encodeURIComponent(enrollPath)}`;
  const chosen = children.data?.find((c) => c.id === childId);
  const canContinue = !!check && (check.canEnroll || check.canJoinWaitlist);

  return (
    <Stack spacing={3}>
      {children.isPending ? (
        <Stack spacing={1} aria-hidden>
          <Skeleton animation="wave" width="40%" />
          <Skeleton animation="wave" width="30%" />
        </Stack>
      ) : children.isError ? (
        <LoadError onRetry={() => children.refetch()}>Your children could not be loaded.</LoadError>
      ) : children.data.length === 0 ? (
        <Alert severity="info">
          You have not added a child yet. Add your child’s details first; you will come straight back here.
        </Alert>
      ) : (
        <FormControl>
          <FormLabel id="child-choice-label" sx={{ fontWeight: 600, mb: 1 }}>
            Which child is joining?
          </FormLabel>
          <RadioGroup
            aria-labelledby="child-choice-label"
            value={childId ?? ''}
            onChange={(e) => onChildChange(e.target.value)}
          >
            {children.data.map((c) => (
              <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={c.name} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <div>
        <Button
          component={RouterLink}
          to={addChildTo}
          startIcon={<PersonAddAlt aria-hidden />}
          variant={children.data?.length ? 'text' : 'contained'}
        >
          Add a child
        </Button>
      </div>
      {chosen && <EnrollmentCheckSummary check={check} childName={chosen.firstName} loading={checking} />}
      {chosen && check && !canContinue && (
        <Typography color="text.secondary">
          Choose another child, or{' '}
          <Link component={RouterLink} to={paths.programs}>
            browse other programs
          </Link>
          .
        </Typography>
      )}
      <StepActions onNext={onNext} nextDisabled={!canContinue} />
    </Stack>
  );
}
