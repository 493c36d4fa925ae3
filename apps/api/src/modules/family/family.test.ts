import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, oneTimeTokens, users } from '@kikstart/db';
import type { Child } from '@kikstart/contract/children';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { hashToken } from '../../lib/tokens.ts';
import { addChild } from '../../../test/enrollment-fixtures.ts';

const t = useTestApp();

const invite = (headers: Record<string, string>, email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/family/invite', headers, payload: { email } });
const join = (headers: Record<string, string>, token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/family/join', headers, payload: { token } });

/** The token from the newest invitation mailed to `email`. */
async function invitedToken(email: string) {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const link = mails.at(-1)!.links.find((l) => l.includes('/family/join?token='))!;
  return new URL(link).searchParams.get('token')!;
}

describe('sharing a family with a second guardian', () => {
  it('invites by email, joins with the mailed link, and both manage the same children', async () => {
    const first = await createUserWithSession(t);
    const kid = await addChild(t, first.headers, { firstName: 'Sam' });
    const second = await createUserWithSession(t);

    const res = await invite(first.headers, `  ${second.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Invitation sent');
    const token = await invitedToken(second.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [stored] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({
      purpose: 'family_invite',
      familyId: first.familyId,
      email: second.email,
      usedAt: null,
    });

    const pending = body<{ pendingInvites: { email: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/family/guardians', headers: first.headers }),
    ).data;
    expect(pending.pendingInvites.map((p) => p.email)).toEqual([second.email]);

    const joined = await join(second.headers, token);
    expect(joined.statusCode).toBe(200);
    expect(body(joined).message).toBe('You now share this family');
    const [moved] = await t.db.select().from(users).where(eq(users.id, second.userId));
    expect(moved!.familyId).toBe(first.familyId);

    // The second guardian sees and manages the child with their own sign-in.
    const kids = body<Child[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/list', headers: second.headers }),
    ).data;
    expect(kids.map((k) => k.id)).toEqual([kid]);
    const guardians = body<{ guardians: { id: string; isYou: boolean }[]; pendingInvites: unknown[] }>(
      await t.app.inject({ method: 'GET', url: '/api/family/guardians', headers: second.headers }),
    ).data;
    expect(guardians.guardians.map((g) => g.id).sort()).toEqual([first.userId, second.userId].sort());
    expect(guardians.guardians.find((g) => g.id === second.userId)!.isYou).toBe(true);
    expect(guardians.pendingInvites).toEqual([]);

    // Single use.
    const again = await join(second.headers, token);
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('This invitation link is invalid or has expired');
    // Already a member.
    expect(body(await invite(first.headers, second.email)).message).toBe('This person already shares your family');
  });

  it('refuses to invite yourself, bad emails, coaches and anonymous callers', async () => {
    const p = await createUserWithSession(t);
    expect(body(await invite(p.headers, p.email)).message).toBe('You are already in this family');
    for (const [email, message] of [
      ['', 'Email is required'],
      ['not-an-email', 'Enter a valid email address'],
      [['a@b.co'], 'Email is required'],
      [null, 'Email is required'],
    ] as const) {
      const res = await invite(p.headers, email);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await invite(coach.headers, 'x@example.com')).statusCode).toBe(403);
    expect((await invite({}, 'x@example.com')).statusCode).toBe(401);
    expect((await join({}, 'x'.repeat(43))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/family/guardians' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/family/guardians', headers: coach.headers })).statusCode,
    ).toBe(403);
  });

  it('refuses a join from the wrong account, from a family with children, with a bad or expired token', async () => {
    const inviter = await createUserWithSession(t);
    const invitee = await createUserWithSession(t);
    const stranger = await createUserWithSession(t);
    await invite(inviter.headers, invitee.email);
    const token = await invitedToken(invitee.email);

    const wrong = await join(stranger.headers, token);
    expect(wrong.statusCode).toBe(403);
    expect(body(wrong).message).toBe(
      'This invitation was sent to a different email address. Sign in with that address to accept it.',
    );

    await addChild(t, invitee.headers);
    const busy = await join(invitee.headers, token);
    expect(busy.statusCode).toBe(409);
    expect(body(busy).message).toMatch(/^Your account already has children of its own/);
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, invitee.userId));
    expect(unchanged!.familyId).toBe(invitee.familyId);

    for (const bad of ['short', 'x'.repeat(43), 'x'.repeat(500), 12345, null]) {
      const res = await join(invitee.headers, bad);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(body(res).message).toBe('This invitation link is invalid or has expired');
    }

    const late = await createUserWithSession(t);
    await invite(inviter.headers, late.email);
    const lateToken = await invitedToken(late.email);
    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(lateToken)));
    expect((await join(late.headers, lateToken)).statusCode).toBe(404);
  });

  it('a guardian already in the family cannot join it again', async () => {
    const inviter = await createUserWithSession(t);
    const invitee = await createUserWithSession(t);
    await invite(inviter.headers, invitee.email);
    const first = await invitedToken(invitee.email);
    expect((await join(invitee.headers, first)).statusCode).toBe(200);
    // A stale second invitation made before the join.
    await t.db.insert(oneTimeTokens).values({
      purpose: 'family_invite',
      userId: inviter.userId,
      familyId: inviter.familyId,
      email: invitee.email,
      tokenHash: hashToken('y'.repeat(43)),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const res = await join(invitee.headers, 'y'.repeat(43));
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('You already share this family');
  });
});
