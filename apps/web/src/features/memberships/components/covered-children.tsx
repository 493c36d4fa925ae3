import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Billing, Subscription } from '@kikstart/contract/memberships';
import { UNCOVERED_HOLD_DAYS } from '@kikstart/contract/memberships';
import { paths } from '../../../lib/paths.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useAttachChild, useDetachChild } from '../api/change-subscription.ts';

/** The family's children: covered ones can be detached, others attached while the plan has room. */
export function CoveredChildren({ subscription, kids }: { subscription: Subscription; kids: Billing['children'] }) {
  const attach = useAttachChild();
  const detach = useDetachChild();
  const used = subscription.coveredChildren.length;
  const max = subscription.plan.maxChildren;
  if (kids.length === 0)
    return (
      <Typography color="text.secondary">
        Add a child first; then attach them here.{' '}
        <Button component={RouterLink} to={paths.childNew} size="small">
          Add a child
        </Button>
      </Typography>
    );
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {`${used} of ${max} children covered.`}
      </Typography>
      <List disablePadding aria-label="Your children">
        {kids.map((kid) => (
          <ListItem key={kid.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={undefined}>
            <ListItemText primary={kid.name} secondary={kid.covered ? 'Covered by your membership' : 'Not covered'} />
            {kid.covered ? (
              <ConfirmButton
                label="Detach"
                ariaLabel={`Detach ${kid.name}`}
                title={`Detach ${kid.name}?`}
                text={`${kid.name} will no longer be covered. Seats your membership paid for are held for ${UNCOVERED_HOLD_DAYS} days for you to pay for them, or released; attaching ${kid.name} again does not cover them again.`}
                confirmLabel="Detach"
                variant="outlined"
                onConfirm={() => detach.mutateAsync(kid.id)}
              />
            ) : (
              <Button
                variant="contained"
                onClick={() => attach.mutate(kid.id)}
                disabled={attach.isPending}
                aria-label={`Attach ${kid.name}`}
              >
                Attach
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </>
  );
}
