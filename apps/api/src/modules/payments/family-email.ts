import { sql, type Column } from 'drizzle-orm';
import { users } from '@kikstart/db';
import { qualified } from '../../lib/qualified-column.ts';

/**
 * The email staff know a family by: its first guardian's (null once the family deleted its
 * account, since payment rows keep only a cleared family link).
 */
export const familyEmailOf = (familyId: Column) =>
  sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.familyId} = ${qualified(familyId)} order by ${users.createdAt} limit 1)`;

/** A guardian of the row's family has an email matching `pattern` (ILIKE). */
export const familyEmailMatches = (familyId: Column, pattern: string) =>
  sql`exists (select 1 from ${users} where ${users.familyId} = ${qualified(familyId)} and ${users.email} ilike ${pattern})`;
