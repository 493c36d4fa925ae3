import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { AccountStatus } from '@kikstart/contract/admin-families';
import { ConfirmButton } from '../../../../components/confirm-button.tsx';
import { formatDate } from '../../../../lib/format/dates.ts';
import { useSetStaffRoles } from '../api/set-staff-roles.ts';
import { useDeactivateAccount } from '../api/deactivate-account.ts';
import { useReactivateAccount } from '../api/reactivate-account.ts';

/**
 * An account's staff roles (coach, admin) as switches, and deactivate or reactivate. Roles add to
 * the family: a parent made coach keeps their children. The API refuses to take away the last
 * active admin (its toast says so) and the switch stays as it was.
 */
export function AccountControls({ account, name }: { account: AccountStatus; name: string }) {
  const setRoles = useSetStaffRoles();
  const deactivate = useDeactivateAccount();
  const reactivate = useReactivateAccount();
  const labelId = useId();
  // While a change is saved (and the page refetched), the switches show what was asked for.
  const asked = setRoles.isPending ? setRoles.variables.roles : undefined;
  const coach = asked?.coach ?? account.roles.includes('coach');
  const admin = asked?.admin ?? account.roles.includes('admin');
  const toggle = (role: 'coach' | 'admin', on: boolean) =>
    setRoles.mutate({ userId: account.userId, roles: { coach, admin, [role]: on } });

  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="p">
        Staff roles
      </Typography>
      <FormGroup row aria-labelledby={labelId} sx={{ mb: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={coach}
              disabled={setRoles.isPending}
              onChange={(e) => toggle('coach', e.target.checked)}
              slotProps={{ input: { 'aria-label': `Coach role for ${name}` } }}
            />
          }
          label="Coach"
        />
        <FormControlLabel
          control={
            <Switch
              checked={admin}
              disabled={setRoles.isPending}
              onChange={(e) => toggle('admin', e.target.checked)}
              slotProps={{ input: { 'aria-label': `Admin role for ${name}` } }}
            />
          }
          label="Admin"
        />
      </FormGroup>
      {account.deactivatedAt ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Typography variant="body2" color="error">
            Deactivated on {formatDate(account.deactivatedAt.slice(0, 10))}: this account cannot sign in.
          </Typography>
          <Button
            variant="outlined"
            disabled={reactivate.isPending}
            onClick={() => reactivate.mutate(account.userId)}
            aria-label={`Reactivate ${name}`}
          >
            Reactivate
          </Button>
        </Box>
      ) : (
        <ConfirmButton
          label="Deactivate"
          ariaLabel={`Deactivate ${name}`}
          title={`Deactivate ${name}?`}
          text="They are signed out everywhere at once and cannot sign in until the account is reactivated. Their family, children, enrollments and payments stay as they are."
          confirmLabel="Deactivate account"
          onConfirm={() => deactivate.mutateAsync(account.userId)}
        />
      )}
    </Box>
  );
}
