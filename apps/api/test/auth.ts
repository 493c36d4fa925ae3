import { eq, sql } from 'drizzle-orm';
import { families, users } from '@kikstart/db';
import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import type { Role } from '@kikstart/contract/roles';
import { createSession } from '../src/modules/auth/sessions.service.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

/**
 * A verified user made directly in the database (no mail, no rate limits), with a live session.
 * Parents get a family of their own. Returns the token for `x-access-token`.
 */
export async function createUserWithSession(t: TestApp, options: { role?: Role; email?: string; firstName?: string } = {}) {
  const role = options.role ?? 'parent';
  const email = options.email ?? `user${++counter}-${Date.now()}@test.example`;
  const familyId = role === 'parent' ? (await t.db.insert(families).values({}).returning({ id: families.id }))[0]!.id : null;
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      firstName: options.firstName ?? 'Test',
      lastName: 'User',
      role,
      familyId,
      // Not a valid argon2 hash: this user cannot sign in with a password, only with the token.
      passwordHash: 'test-only',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const { token } = await createSession({ db: t.db, now: t.clock.now(), userId: user!.id });
  return { userId: user!.id, familyId, email, token, headers: { 'x-access-token': token } };
}

/** A live session for one of the seeded demo accounts (parent has two children). */
export async function demoSession(t: TestApp, role: Role) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  const [user] = await t.db.select().from(users).where(eq(sql`lower(${users.email})`, account.email));
  const { token } = await createSession({ db: t.db, now: t.clock.now(), userId: user!.id });
  return { userId: user!.id, familyId: user!.familyId, email: account.email, token, headers: { 'x-access-token': token } };
}
