import Stack from '@mui/material/Stack';
import type { Role } from '@kikstart/contract/roles';
import { StatusChip } from '../../../../components/status-chip.tsx';

const ROLE_LABELS: Record<Role, string> = { parent: 'Parent', coach: 'Coach', admin: 'Admin' };

/** An account's roles, and "Deactivated" when it cannot sign in. */
export function RoleChips({ roles, deactivated }: { roles: Role[]; deactivated: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {roles.map((r) => (
        <StatusChip key={r} label={ROLE_LABELS[r]} tone={r === 'parent' ? 'default' : 'info-outline'} />
      ))}
      {deactivated && <StatusChip label="Deactivated" tone="error" />}
      {roles.length === 0 && !deactivated && <StatusChip label="No role" />}
    </Stack>
  );
}
