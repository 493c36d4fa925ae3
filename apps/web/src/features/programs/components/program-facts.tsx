import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProgramDetails } from '@kikstart/contract/programs';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { FactsList } from '../../../components/facts-list.tsx';
import { weekdaysText } from '@kikstart/contract/schedule';
import { audienceText, dateRangeText, priceText, seatsText, timeRangeText } from '../../../lib/format/program-text.ts';

/** Schedule, place, audience, seats, price and coach as a definition list. */
export function ProgramFacts({ program }: { program: ProgramDetails }) {
  const place = program.school
    ? `${program.school.name}, ${program.school.address}, ${program.school.city}`
    : [program.venueName, program.venueAddress].filter(Boolean).join(', ');
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
        { label: 'Where', value: place },
        { label: 'Who', value: audienceText(program) },
        { label: 'Seats', value: seatsText(program.seatsLeft) },
        {
          label: 'Price',
          value: (
            <>
              <Box component="span" sx={{ fontWeight: 700 }}>
                {priceText(program)}
              </Box>
              {program.coveredByMembership && (
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 14 }}>
                  Covered by membership: no separate payment for children on a KikStart membership plan.
                </Box>
              )}
            </>
          ),
        },
        program.coach && { label: 'Coach', value: program.coach.name },
      ]}
    />
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
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 36,
                height: 36,
                borderRadius: '50%',
                bgcolor: 'primary.dark',
                color: '#fff',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
              }}
            >
              {i + 1}
            </Box>
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
