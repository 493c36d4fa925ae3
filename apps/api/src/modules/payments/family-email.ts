import { sql, type AnyColumn } from 'drizzle-orm';
import { users } from '@kikstart/db';

/**
 * The email staff know a family by: its first guardian's (null once the family deleted its
 * account, since payment rows keep only a cleared family link).
 */
export const familyEmailOf = (familyId: AnyColumn) =>
  sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.familyId} = ${familyId} order by ${users.createdAt} limit 1)`;
