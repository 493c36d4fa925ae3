import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailField } from '@kikstart/contract/common';
import { usePageMeta } from '../../lib/page-meta.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { useGuardians } from './api/get-guardians.ts';
import { useInviteGuardian } from './api/invite-guardian.ts';
import { AccountPageTitle, accountPageSx } from '../../components/account-page-title.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { formatDateTime } from '../../lib/format/dates.ts';
import { CancelInviteButton, LeaveFamilySection, RemoveGuardianButton } from './components/guardian-actions.tsx';

const inviteSchema = z.object({ email: emailField });
type InviteValues = z.input<typeof inviteSchema>;

/** /account/family: who shares the family, inviting or removing a guardian, cancelling an invitation, leaving. */
export function FamilyPage() {
  usePageMeta({ title: 'Family', description: 'Share your family with a second guardian, remove one, or leave.' });
  const guardians = useGuardians();
  const invite = useInviteGuardian();
  const form = useForm<InviteValues, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await invite.mutateAsync(email);
      form.reset({ email: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['email']);
    }
  });
  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <AccountPageTitle
        title="Family"
        intro="Guardians in a family see and manage the same children and enrollments, each with their own sign-in."
      />
      <Stack spacing={4}>
        <Paper variant="outlined" component="section" aria-labelledby="guardians-heading" sx={{ p: 3 }}>
          <Typography id="guardians-heading" variant="h3" component="h2" gutterBottom>
            Guardians
          </Typography>
          {guardians.isError ? (
            <LoadError onRetry={() => guardians.refetch()}>The guardians could not be loaded.</LoadError>
          ) : guardians.isPending ? (
            <GuardiansSkeleton />
          ) : (
            <List disablePadding>
              {guardians.data.guardians.map((g) => (
                <ListItem
                  key={g.id}
                  disableGutters
                  secondaryAction={
                    g.isYou ? <StatusChip tone="info-outline" label="You" /> : <RemoveGuardianButton guardian={g} />
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={`${g.firstName} ${g.lastName}`}
                    secondary={g.email}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              ))}
              {guardians.data.pendingInvites.map((p) => (
                <ListItem
                  key={p.email}
                  disableGutters
                  secondaryAction={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <StatusChip tone="warning" label="Invited" />
                      <CancelInviteButton email={p.email} />
                    </Stack>
                  }
                  sx={{ pr: { xs: 24, sm: 26 } }}
                >
                  <ListItemText
                    primary={p.email}
                    secondary={`Invitation valid until ${formatDateTime(p.expiresAt)}`}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="invite-heading" sx={{ p: 3 }}>
          <Typography id="invite-heading" variant="h3" component="h2" gutterBottom>
            Invite a second guardian
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            We email them a link, valid for 7 days. They sign in (or create an account) with that email address and join
            your family. A family can send 5 invitations a day; a new invitation to the same address replaces the old
            one.
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            sx={{
              display: 'flex',
              gap: 2,
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { sm: 'flex-start' },
            }}
          >
            <FormTextField
              control={form.control}
              name="email"
              label="Their email"
              type="email"
              placeholder="name@example.com"
              autoComplete="email"
              required
            />
            <Box sx={{ flexShrink: 0, pt: { sm: 0.5 } }}>
              <SubmitButton loading={form.formState.isSubmitting}>Send invitation</SubmitButton>
            </Box>
          </Box>
        </Paper>
        {guardians.data && <LeaveFamilySection guardianCount={guardians.data.guardians.length} />}
      </Stack>
    </Container>
  );
}

/** The guardians list while it loads: two people, each a name and an email line, at a list item's height. */
function GuardiansSkeleton() {
  return (
    <List disablePadding aria-hidden data-testid="guardians-skeleton">
      {[0, 1].map((i) => (
        <ListItem key={i} disableGutters>
          <ListItemText
            primary={<Skeleton animation="wave" width="40%" />}
            secondary={<Skeleton animation="wave" width="55%" />}
          />
        </ListItem>
      ))}
    </List>
  );
}
