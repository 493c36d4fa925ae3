import Button from '@mui/material/Button';
import { EmptyState } from '../../../components/empty-state.tsx';

/** A console list's empty state while a search is on: says so and offers to clear it. */
export function NoSearchMatches({ what, onClear }: { what: string; onClear: () => void }) {
  return (
    <EmptyState
      title={`No ${what} match`}
      text="Try other words, or clear the search."
      actions={
        <Button variant="outlined" onClick={onClear}>
          Clear the search
        </Button>
      }
    />
  );
}
