import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { STEP } from '../wizard-steps.ts';

const line = (width: string | number, height = 24) => <Skeleton animation="wave" width={width} height={height} />;
const block = (height: number) => <Skeleton animation="wave" variant="rounded" height={height} />;

/** The Back / Continue row under a step, at its size. */
const actions = (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', pt: 1 }}>
    <Skeleton animation="wave" variant="rounded" width={72} height={36} />
    <Skeleton animation="wave" variant="rounded" width={180} height={42} />
  </Box>
);

/**
 * A wizard step while the program, the family's children or the eligibility check load: the step's own
 * shape at its height (radio list, two cards, the waiver box, the review table), so nothing moves when
 * the step appears.
 */
export function StepSkeleton({ step }: { step: number }) {
  return (
    <Stack spacing={3} aria-hidden data-testid="step-skeleton">
      {step === STEP.child && (
        <>
          <Box>
            {line('40%', 32)}
            {line('30%', 42)}
            {line('34%', 42)}
          </Box>
          {line(120, 36)}
        </>
      )}
      {step === STEP.school && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {block(188)}
          {block(188)}
        </Box>
      )}
      {step === STEP.waiver && (
        <>
          {block(360)}
          {block(56)}
          {line('70%', 42)}
        </>
      )}
      {step === STEP.review && block(340)}
      {step === STEP.pay && block(148)}
      {actions}
    </Stack>
  );
}
