import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { useAcceptOffer } from '../../api/accept-offer.ts';
import { useDeclineOffer } from '../../api/decline-offer.ts';

/** Accept or decline a waitlist seat offer. */
export function OfferActions({ enrollment }: { enrollment: Enrollment }) {
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const busy = accept.isPending || decline.isPending;
  const what = `the seat in ${enrollment.program.title} for ${enrollment.child.name}`;
  return (
    <Stack direction="row" spacing={1.5}>
      <Button
        variant="contained"
        onClick={() => accept.mutate(enrollment.id)}
        disabled={busy}
        aria-label={`Accept ${what}`}
      >
        Accept
      </Button>
      <Button
        variant="outlined"
        onClick={() => decline.mutate(enrollment.id)}
        disabled={busy}
        aria-label={`Decline ${what}`}
      >
        Decline
      </Button>
    </Stack>
  );
}
