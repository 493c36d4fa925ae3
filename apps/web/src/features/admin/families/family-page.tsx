import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ENROLLMENT_STATUS_LABELS } from '@kikstart/contract/enrollment-status';
import type { AdminFamily } from '@kikstart/contract/admin-families';
import { YES } from '@kikstart/contract/common';
import { FactsList } from '../../../components/facts-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDate } from '../../../lib/format/dates.ts';
import { formatMoneyFromCents } from '../../../lib/format/money.ts';
import { adminPath } from '../admin-paths.ts';
import { useFamily } from './api/get-family.ts';
import { AccountControls } from './components/account-controls.tsx';
import { RoleChips } from './components/role-chips.tsx';

const people = (list: { name: string; relation: string; phone: string }[]) =>
  list.length ? list.map((p) => `${p.name} (${p.relation}), ${p.phone}`).join('\n') : 'None';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SimpleTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <ScrollTable label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} sx={{ fontWeight: 700 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((c, j) => (
                <TableCell key={j}>{c}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

/** /admin/families/:familyId: one family's guardians (roles, deactivation), children, enrollments, payments and plan. */
export function FamilyPage() {
  const { familyId = '' } = useParams();
  const { data, error, refetch } = useFamily(familyId);
  const title = data ? `${data.guardians.map((g) => g.name).join(' and ') || 'Family'}` : 'Family';
  return (
    <>
      <Link component={RouterLink} to={adminPath('families')} sx={{ display: 'inline-block', mb: 2 }}>
        Back to families
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 3 }}>
        {title}
      </Typography>
      {error ? (
        <LoadError onRetry={() => void refetch()}>
          This family could not be loaded. It may have been deleted, or the link is wrong.
        </LoadError>
      ) : !data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <FamilyRecords family={data} />
      )}
    </>
  );
}

function FamilyRecords({ family }: { family: AdminFamily }) {
  const childName = (id: string) => family.children.find((c) => c.id === id)?.firstName ?? '';
  return (
    <>
      <Section title="Guardians">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {family.guardians.map((g) => (
            <Card key={g.userId} variant="outlined">
              <CardContent>
                <Typography variant="h3" sx={{ fontSize: 18, mb: 1 }}>
                  {g.name}
                </Typography>
                <RoleChips roles={g.roles} deactivated={!!g.deactivatedAt} />
                <FactsList
                  labelWidth={120}
                  facts={[
                    { label: 'Email', value: `${g.email}${g.emailVerified ? '' : ' (not verified)'}` },
                    { label: 'Phone', value: g.phone ?? 'Not given' },
                    { label: 'Joined', value: formatDate(g.createdAt.slice(0, 10)) },
                  ]}
                />
                <Box sx={{ mt: 2 }}>
                  <AccountControls account={g} name={g.name} />
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>

      <Section title="Children">
        {family.children.length === 0 ? (
          <Typography color="text.secondary">
            No children yet. A guardian adds them from their account&apos;s Children page.
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {family.children.map((c) => (
              <Card key={c.id} variant="outlined">
                <CardContent>
                  <Typography variant="h3" sx={{ fontSize: 18, mb: 1 }}>
                    {c.firstName} {c.lastName}
                  </Typography>
                  <FactsList
                    labelWidth={150}
                    facts={[
                      { label: 'Age and grade', value: `${c.age}, grade ${c.gradeLabel}` },
                      { label: 'School', value: c.schoolName ?? 'Not given' },
                      { label: 'Allergies', value: c.allergies === YES ? (c.allergyDetails ?? 'Yes') : 'None' },
                      { label: 'Medical notes', value: c.medicalNotes || 'None' },
                      { label: 'Emergency contacts', value: people(c.emergencyContacts) },
                      { label: 'Pickup', value: people(c.pickupPeople) },
                      { label: 'Photo consent', value: c.photoConsent === YES ? 'Yes' : 'No' },
                    ]}
                  />
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
      </Section>

      <Section title="Enrollments">
        {family.enrollments.length === 0 ? (
          <Typography color="text.secondary">
            No enrollments yet. They appear here when a guardian enrolls a child in a program.
          </Typography>
        ) : (
          <SimpleTable
            label="Enrollments"
            head={['Program', 'Child', 'Status', 'Price', 'Since']}
            rows={family.enrollments.map((e) => [
              e.programTitle,
              childName(e.childId) || e.childName,
              <StatusChip key="s" label={ENROLLMENT_STATUS_LABELS[e.status]} />,
              e.coveredByMembership ? 'Membership' : formatMoneyFromCents(e.priceCents, e.currency),
              formatDate(e.createdAt.slice(0, 10)),
            ])}
          />
        )}
      </Section>

      <Section title="Payments">
        {family.transactions.length === 0 ? (
          <Typography color="text.secondary">No payments yet. Paid seats and refunds will be listed here.</Typography>
        ) : (
          <SimpleTable
            label="Payments"
            head={['Date', 'Description', 'Kind', 'Status', 'Amount']}
            rows={family.transactions.map((p) => [
              formatDate(p.createdAt.slice(0, 10)),
              p.description,
              p.kind === 'refund' ? 'Refund' : p.kind === 'failed' ? 'Failed attempt' : 'Payment',
              p.status === 'succeeded' ? 'Succeeded' : p.status === 'pending' ? 'Pending' : 'Failed',
              formatMoneyFromCents(p.amountCents, p.currency),
            ])}
          />
        )}
      </Section>

      <Section title="Membership">
        {family.membership ? (
          <FactsList
            facts={[
              { label: 'Plan', value: family.membership.planName },
              {
                label: 'Status',
                value:
                  family.membership.status === 'active'
                    ? 'Active'
                    : family.membership.status === 'past_due'
                      ? 'Renewal failed, retrying'
                      : 'Ended',
              },
              {
                label: family.membership.cancelAtPeriodEnd || family.membership.status === 'ended' ? 'Ends' : 'Renews',
                value: formatDate(family.membership.currentPeriodEnd.slice(0, 10)),
              },
              {
                label: 'Covered children',
                value: family.membership.coveredChildIds.map(childName).filter(Boolean).join(', ') || 'None',
              },
            ]}
          />
        ) : (
          <Typography color="text.secondary">No Super Parent plan. The family pays per enrollment.</Typography>
        )}
      </Section>
    </>
  );
}
