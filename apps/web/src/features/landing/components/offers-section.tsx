import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Offer } from '@kikstart/contract/content';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import type { StatusTone } from '../../../components/status-chip.tsx';
import { formatDate } from '../../../lib/format/dates.ts';
import { useOffers } from '../api/get-offers.ts';
import { openDemoModal } from '../../../lib/demo-events.ts';
import { paths } from '../../../lib/paths.ts';
import { Section } from './section.tsx';

const BADGE_TONES: StatusTone[] = ['success', 'warning', 'info-outline'];

export function OffersSection() {
  const { data, isPending, isError, refetch } = useOffers();
  if (!isPending && !isError && data.length === 0) return null;
  return (
    <Section id="offers" title="Current offers" tinted>
      {isError ? (
        <ErrorMessage
          title="Offers could not be loaded"
          text="Please try again in a moment."
          onRetry={() => void refetch()}
        />
      ) : (
        <Grid container spacing={3}>
          {(data ?? [null, null, null]).map((offer, i) => (
            <Grid key={offer?._id ?? i} size={{ xs: 12, md: 4 }}>
              {offer ? (
                <OfferCard offer={offer} tone={BADGE_TONES[i % BADGE_TONES.length] ?? 'default'} />
              ) : (
                <Skeleton variant="rounded" height={180} aria-hidden />
              )}
            </Grid>
          ))}
        </Grid>
      )}
    </Section>
  );
}

function OfferCard({ offer, tone }: { offer: Offer; tone: StatusTone }) {
  const until = formatDate(offer.validUntil);
  return (
    <Card component="article" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
        {offer.badge && <StatusChip tone={tone} label={offer.badge} sx={{ alignSelf: 'flex-start' }} />}
        <Typography variant="h3">{offer.title}</Typography>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {offer.description}
        </Typography>
        {until && <Typography sx={{ fontWeight: 600 }}>Valid until {until}</Typography>}
        <OfferAction offer={offer} />
      </CardContent>
    </Card>
  );
}

/**
 * A school offer opens the demo request for it; a family offer leads to the programs, since
 * the checkout applies it (nothing to request).
 */
function OfferAction({ offer }: { offer: Offer }) {
  if (offer.action === 'browse_programs')
    return (
      <Button
        component={RouterLink}
        to={paths.programs}
        variant="outlined"
        aria-label={`Browse programs: ${offer.title}`}
        sx={{ alignSelf: 'flex-start' }}
      >
        Browse programs
      </Button>
    );
  return (
    <Button
      variant="outlined"
      onClick={() => openDemoModal({ _id: offer._id, title: offer.title })}
      aria-label={`Request a free demo: ${offer.title}`}
      sx={{ alignSelf: 'flex-start' }}
    >
      Request A Free Demo
    </Button>
  );
}
