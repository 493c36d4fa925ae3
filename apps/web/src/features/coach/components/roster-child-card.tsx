import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RosterChild, SessionWhen } from '@kikstart/contract/coach';
import { programWallTime } from '@kikstart/contract/coach';
import { ATTENDANCE_LABELS } from '@kikstart/contract/attendance';
import { formatTime } from '@kikstart/contract/schedule';
import { AllergyFlag, NoPhotosFlag } from './allergy-flag.tsx';
import { AttendanceToggle } from './attendance-toggle.tsx';
import { PickupDialog } from './pickup-dialog.tsx';
import { useMarkAttendance } from '../api/mark-attendance.ts';
import { useRecordPickup } from '../api/record-pickup.ts';
import { formatPhoneAsTyped } from '../../../lib/format/phone.ts';

/** A phone number a coach can call from the field with one tap. */
function Phone({ phone }: { phone: string }) {
  return <Link href={`tel:${phone.replace(/\D/g, '')}`}>{formatPhoneAsTyped(phone)}</Link>;
}

const pickupTime = (iso: string) => formatTime(programWallTime(new Date(iso)));

/** One child on a session's roster: the flags first, then attendance and pickup, then contacts. */
export function RosterChildCard({
  child: c,
  programId,
  date,
  when,
}: {
  child: RosterChild;
  programId: string;
  date: string;
  when: SessionWhen;
}) {
  const name = `${c.firstName} ${c.lastName}`;
  const headingId = `roster-child-${c.id}`;
  const mark = useMarkAttendance(programId, date);
  const pickup = useRecordPickup(programId, date);
  const [dialogOpen, setDialogOpen] = useState(false);
  const started = when !== 'upcoming';
  const a = c.attendance;

  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined" sx={{ breakInside: 'avoid' }}>
      <CardContent>
        <Typography id={headingId} variant="h4" component="h2">
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          Grade {c.gradeLabel} · {c.age} years
          {a && (
            <Box component="span" sx={{ display: 'none', '@media print': { display: 'inline' } }}>
              {` · ${ATTENDANCE_LABELS[a.status]}`}
            </Box>
          )}
        </Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {c.hasAllergies && <AllergyFlag details={c.allergyDetails} />}
          {!c.photoConsent && <NoPhotosFlag />}
          {c.medicalNotes && (
            <Typography>
              <strong>Medical notes:</strong> {c.medicalNotes}
            </Typography>
          )}
        </Stack>

        {started && (
          <Stack spacing={1.5} sx={{ mb: 2 }}>
            <AttendanceToggle
              childName={name}
              value={a?.status ?? null}
              disabled={mark.isPending}
              onChange={(status) => mark.mutate({ childId: c.id, status })}
            />
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
            >
              <Typography data-testid="pickup-status">
                {a?.pickedUpBy && a.pickedUpAt
                  ? `Picked up by ${a.pickedUpBy.name} (${a.pickedUpBy.relation}) at ${pickupTime(a.pickedUpAt)}`
                  : 'Not picked up yet'}
              </Typography>
              {a?.status !== 'absent' && (
                <Button
                  variant="outlined"
                  onClick={() => setDialogOpen(true)}
                  sx={{ minHeight: 44, '@media print': { display: 'none' } }}
                  aria-label={`Record pickup of ${name}`}
                >
                  Record pickup
                </Button>
              )}
            </Stack>
          </Stack>
        )}

        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, '& dt': { fontWeight: 700 }, '& dd': { m: 0 } }}>
          <dt>Allowed to pick up</dt>
          <dd>
            {c.pickupList.map((p) => (
              <div key={p.id}>
                {p.name} ({p.relation}){p.phone && ', '}
                {p.phone && <Phone phone={p.phone} />}
              </div>
            ))}
          </dd>
          <dt>Emergency contacts</dt>
          <dd>
            {c.emergencyContacts.map((p) => (
              <div key={`${p.name}-${p.phone}`}>
                {p.name} ({p.relation}), <Phone phone={p.phone} />
              </div>
            ))}
          </dd>
        </Box>
      </CardContent>
      {dialogOpen && (
        <PickupDialog
          child={c}
          date={date}
          open
          pending={pickup.isPending}
          onClose={() => setDialogOpen(false)}
          onSubmit={(input) => pickup.mutate({ childId: c.id, ...input }, { onSuccess: () => setDialogOpen(false) })}
        />
      )}
    </Card>
  );
}
