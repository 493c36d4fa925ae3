import { createHash } from 'node:crypto';
import type { PickupPerson } from '@kikstart/db';
import type { PickupOption } from '@kikstart/contract/coach';
import type { Guardian } from './coach.service.ts';

/**
 * Who may collect a child: the family's guardians (their account ids) and the people on the
 * child's pickup list. Pickup people are stored in the child's row without ids, so each gets one
 * derived from who they are (name and phone): stable while the parent leaves them as they are,
 * and a different id once the parent edits them, so a roster printed before the edit cannot
 * name someone the family has since changed or removed.
 */
export function allowedPickups(
  child: { pickupPeople: PickupPerson[] },
  guardians: readonly Guardian[],
): PickupOption[] {
  return [
    ...guardians.map((g) => ({
      id: g.id,
      kind: 'guardian' as const,
      name: `${g.firstName} ${g.lastName}`.trim(),
      relation: 'Guardian',
      phone: g.phone ?? '',
    })),
    ...child.pickupPeople.map((p) => ({ id: pickupPersonId(p), kind: 'pickup_person' as const, ...p })),
  ];
}

export function pickupPersonId(person: PickupPerson) {
  const who = `${person.name.trim().toLowerCase()}\n${person.phone.replace(/\D/g, '')}`;
  return `pickup-${createHash('sha256').update(who).digest('hex').slice(0, 20)}`;
}
