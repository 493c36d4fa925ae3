import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Back / Continue under each wizard step. */
export function StepActions({
  onBack,
  onNext,
  nextLabel = 'Continue',
  nextDisabled,
  nextType = 'button',
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  nextType?: 'button' | 'submit';
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap', pt: 1 }}>
      {onBack ? (
        <Button onClick={onBack} variant="text">
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button
        type={nextType}
        onClick={nextType === 'button' ? onNext : undefined}
        variant="contained"
        size="large"
        disabled={nextDisabled}
      >
        {nextLabel}
      </Button>
    </Box>
  );
}
