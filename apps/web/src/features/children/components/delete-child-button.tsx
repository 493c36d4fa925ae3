import { useNavigate } from 'react-router';
import type { Child } from '@kikstart/contract/children';
import { paths } from '../../../lib/paths.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useDeleteChild } from '../api/delete-child.ts';

/** Deletes the child for good, with their photo and enrollments; then back to the children list. */
export function DeleteChildButton({ child }: { child: Pick<Child, 'id' | 'firstName' | 'lastName'> }) {
  const remove = useDeleteChild();
  const navigate = useNavigate();
  const name = `${child.firstName} ${child.lastName}`;
  return (
    <ConfirmButton
      label="Delete child"
      ariaLabel={`Delete ${name}`}
      title={`Delete ${name}?`}
      text={`${child.firstName}’s profile, photo, medical notes, contacts and every enrollment are deleted for good, for every guardian of the family. Seats ${child.firstName} holds are offered to the next family on the waitlist. This cannot be undone.`}
      confirmLabel="Delete for good"
      onConfirm={async () => {
        await remove.mutateAsync(child.id);
        void navigate(paths.children, { replace: true });
      }}
    />
  );
}
