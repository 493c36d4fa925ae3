import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { EmptyState } from './empty-state.tsx';

/** A friendly failure message with a retry; used by error boundaries and failed loads. */
export function ErrorMessage({
  title = 'Something went wrong',
  text = 'Sorry, this part of the page could not be shown. Please try again; if it keeps happening, contact us.',
  onRetry,
}: {
  title?: string;
  text?: string;
  onRetry?: () => void;
}) {
  return (
    <Box role="alert" sx={{ py: 2, px: 2, maxWidth: 560, mx: 'auto' }}>
      <EmptyState
        title={title}
        text={text}
        actions={
          onRetry && (
            <Button variant="contained" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      />
    </Box>
  );
}
