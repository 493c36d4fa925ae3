import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { uploadUrl } from '../../../lib/upload-url.ts';
import Typography from '@mui/material/Typography';
import MapOutlined from '@mui/icons-material/MapOutlined';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { StepNumber } from '../../../components/step-number.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { FactsList } from '../../../components/facts-list.tsx';
import { weekdaysText } from '@kikstart/contract/schedule';
import { audienceText, dateRangeText, priceText, seatsText, timeRangeText } from '../../../lib/format/program-text.ts';

/** Schedule, place, audience, seats, price and coach as a definition list. */
export function ProgramFacts({ program }: { program: ProgramDetails }) {
  return (
    <FactsList
      labelWidth={130}
      facts={[
        { label: 'Days', value: weekdaysText(program.weekdays) },
        { label: 'Time', value: timeRangeText(program) },
        {
          label: 'Dates',
          value: `${dateRangeText(program)}${program.sessionCount > 0 ? ` (${program.sessionCount} sessions)` : ''}`,
        },
        { label: 'Where', value: <VenueText venue={program.venue} /> },
        { label: 'Who', value: audienceText(program) },
        {
          label: 'Seats',
          value: (
            <>
              {seatsText(program.seatsLeft)}
              {/* The server keeps this page for a few seconds at a time, so the count may lag. */}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 14 }}>
                Updated every few seconds
              </Box>
            </>
          ),
        },
        {
          label: 'Price',
          value: (
            <>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {priceText(program)}
              </Box>
              {program.coveredByMembership && (
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 14 }}>
                  Covered by membership: no separate payment for children on a KikStart{' '}
                  <Link component={RouterLink} to={paths.plans}>
                    membership plan
                  </Link>
                  .
                </Box>
              )}
            </>
          ),
        },
        program.coach && { label: 'Coach', value: <CoachText coach={program.coach} /> },
      ]}
    />
  );
}

/** The venue's name, its postal address and a map search for directions (in a new tab, so the page stays). */
function VenueText({ venue }: { venue: ProgramDetails['venue'] }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {venue.name}
      </Box>
      {venue.address !== venue.name && (
        <Box component="span" sx={{ display: 'block' }} data-testid="venue-address">
          {venue.address}
        </Box>
      )}
      <Link
        href={venue.mapUrl}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5, fontWeight: 600 }}
      >
        <MapOutlined fontSize="small" aria-hidden />
        Open in Google Maps
        <Box component="span" sx={visuallyHidden}>
          {' (opens in a new tab)'}
        </Box>
      </Link>
    </>
  );
}

/** What each session covers, in order. */
export function ProgramActivities({ program }: { program: ProgramDetails }) {
  if (!program.activities.length) return null;
  return (
    <Box component="section" aria-labelledby="activities-heading" sx={{ mt: 4 }}>
      <Typography id="activities-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
        Session by session
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {program.activities.map((a, i) => (
          <Box
            component="li"
            key={a.id}
            sx={{ display: 'flex', gap: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
          >
            <StepNumber n={i + 1} />
            <Box>
              <Typography variant="h4" component="h3">
                <Box component="span" sx={visuallyHidden}>{`Session ${i + 1}: `}</Box>
                {a.title}
              </Typography>
              <Typography color="text.secondary">{a.description}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The coach's name with the profile staff wrote: photo, bio and credentials, when there are any. */
function CoachText({ coach }: { coach: NonNullable<ProgramDetails['coach']> }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      {coach.photoUrl && (
        <Box
          component="img"
          src={uploadUrl(coach.photoUrl)}
          alt=""
          width={56}
          height={56}
          sx={{ width: 56, height: 56, borderRadius: '50%', objectFit: 'cover', flexShrink: 0 }}
        />
      )}
      <Box component="span" sx={{ display: 'block' }}>
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {coach.name}
        </Box>
        {coach.bio && (
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            {coach.bio}
          </Box>
        )}
        {coach.credentials.length > 0 && (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 14, mt: 0.5 }}>
            {coach.credentials.join(' · ')}
          </Box>
        )}
      </Box>
    </Box>
  );
}
