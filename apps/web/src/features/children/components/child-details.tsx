import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { Child, Person } from '@kikstart/contract/children';
import { YES } from '@kikstart/contract/common';
import { formatDate } from '../../../lib/format/dates.ts';
import { formatPhoneAsTyped } from '../../../lib/format/phone.ts';
import { paths } from '../../../lib/paths.ts';
import { FactsList, FactsListSkeleton } from '../../../components/facts-list.tsx';

const CHILD_LABEL_WIDTH = 200;

const people = (list: Person[]) =>
  list.length ? list.map((p) => `${p.name} (${p.relation}) ${formatPhoneAsTyped(p.phone)}`).join('\n') : 'No one added';

/** Every stored field of a child, read-only. */
export function ChildDetails({ child }: { child: Child }) {
  return (
    <FactsList
      labelWidth={CHILD_LABEL_WIDTH}
      facts={[
        { label: 'Date of birth', value: `${formatDate(child.dateOfBirth)} (age ${child.age})` },
        { label: 'Grade', value: child.gradeLabel },
        { label: 'School', value: child.schoolName ?? 'Not given' },
        { label: 'Allergies', value: child.allergies === YES ? `Yes: ${child.allergyDetails ?? ''}` : 'No' },
        { label: 'Medical notes', value: child.medicalNotes ?? 'None' },
        { label: 'Emergency contacts', value: people(child.emergencyContacts) },
        { label: 'Allowed to pick up', value: people(child.pickupPeople) },
        {
          label: 'Photo consent',
          value: (
            <>
              {child.photoConsent === YES ? 'Yes' : 'No'} (
              <Link component={RouterLink} to={paths.photoPolicy}>
                photo policy
              </Link>
              )
            </>
          ),
        },
      ]}
    />
  );
}

/** The details while the child loads: one line per field, at a field's height. */
export const ChildDetailsSkeleton = () => <FactsListSkeleton count={8} labelWidth={CHILD_LABEL_WIDTH} />;
