import { eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { users } from '@kikstart/db';

/**
 * Adds `coach` to an account's staff roles, keeping everything else it is (roles add, they do not
 * swap: docs/decisions/0020-staff-roles-and-audit.md). Runs in the caller's transaction; a second
 * grant changes nothing. Sessions read roles from the row, so it takes effect on the next request.
 */
export async function grantCoachRole(tx: Db, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      staffRoles: sql`case when 'coach' = any(${users.staffRoles}) then ${users.staffRoles} else array_append(${users.staffRoles}, 'coach') end`,
    })
    .where(eq(users.id, userId));
}
