import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import type { Guardian } from '@kikstart/contract/family';
import { useCancelInvite } from '../api/cancel-invite.ts';
import { useLeaveFamily } from '../api/leave-family.ts';
import { useRemoveGuardian } from '../api/remove-guardian.ts';

/** Removes another guardian: they lose access at once and are signed out everywhere. */
export function RemoveGuardianButton({ guardian }: { guardian: Guardian }) {
  const remove = useRemoveGuardian();
  const name = `${guardian.firstName} ${guardian.lastName}`;
  return (
    <ConfirmButton
      label="Remove"
      ariaLabel={`Remove ${name}`}
      title={`Remove ${name} from your family?`}
      text={`${name} will no longer see or manage your children and enrollments, and will be signed out on every device. We will email you both. You can invite them again later.`}
      confirmLabel="Remove guardian"
      onConfirm={() => remove.mutateAsync(guardian.id)}
    />
  );
}

export function CancelInviteButton({ email }: { email: string }) {
  const cancel = useCancelInvite();
  return (
    <ConfirmButton
      label="Cancel"
      ariaLabel={`Cancel the invitation to ${email}`}
      title="Cancel this invitation?"
      text={`The link we emailed to ${email} will stop working. You can send a new invitation at any time.`}
      confirmLabel="Cancel invitation"
      onConfirm={() => cancel.mutateAsync(email)}
    />
  );
}

/**
 * Leaving is for a guardian who is not the last one; the last guardian is told where the
 * family's data can be deleted instead (with the account, on the profile page).
 */
export function LeaveFamilySection({ guardianCount }: { guardianCount: number }) {
  const leave = useLeaveFamily();
  const navigate = useNavigate();
  const alone = guardianCount <= 1;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="leave-heading" sx={{ p: 3 }}>
      <Typography id="leave-heading" variant="h3" component="h2" gutterBottom>
        Leave this family
      </Typography>
      {alone ? (
        <Typography color="text.secondary">
          You are the only guardian, so you cannot leave the family. To delete the family with its children and
          enrollments, delete your account on your profile page.
        </Typography>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            The children and their enrollments stay with the other guardians. Your account stays open with a family of
            its own.
          </Typography>
          <ConfirmButton
            label="Leave family"
            title="Leave this family?"
            text="You will no longer see or manage these children and their enrollments. To share the family again, another guardian has to invite you."
            confirmLabel="Leave family"
            onConfirm={async () => {
              await leave.mutateAsync();
              void navigate(paths.dashboard);
            }}
          />
        </>
      )}
    </Paper>
  );
}
