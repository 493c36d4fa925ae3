import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Child, Person } from '@kikstart/contract/children';
import { YES } from '@kikstart/contract/common';
import { formatDate } from '../../../lib/format/dates.ts';
import { formatPhoneAsTyped } from '../../../lib/format/phone.ts';
import { paths } from '../../../lib/paths.ts';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
      gap: { sm: 2 },
      py: 1.25,
      borderBottom: 1,
      borderColor: 'divider',
    }}
  >
    <Typography component="dt" sx={{ fontWeight: 600 }}>
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
      {children}
    </Typography>
  </Box>
);

const people = (list: Person[]) =>
  list.length ? list.map((p) => `${p.name} (${p.relation}) ${formatPhoneAsTyped(p.phone)}`).join('\n') : 'No one added';

/** Every stored field of a child, read-only. */
export function ChildDetails({ child }: { child: Child }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Row label="Date of birth">{`${formatDate(child.dateOfBirth)} (age ${child.age})`}</Row>
      <Row label="Grade">{child.gradeLabel}</Row>
      <Row label="School">{child.schoolName ?? 'Not given'}</Row>
      <Row label="Allergies">{child.allergies === YES ? `Yes: ${child.allergyDetails ?? ''}` : 'No'}</Row>
      <Row label="Medical notes">{child.medicalNotes ?? 'None'}</Row>
      <Row label="Emergency contacts">{people(child.emergencyContacts)}</Row>
      <Row label="Allowed to pick up">{people(child.pickupPeople)}</Row>
      <Row label="Photo consent">
        {child.photoConsent === YES ? 'Yes' : 'No'} (
        <Link component={RouterLink} to={paths.photoPolicy}>
          photo policy
        </Link>
        )
      </Row>
    </Box>
  );
}
