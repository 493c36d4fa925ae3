import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailOutbox, oneTimeTokens, users } from '@kikstart/db';
import type { GuardianList } from '@kikstart/contract/family';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { addChild } from '../../../test/enrollment-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const guardians = async (headers: Headers) =>
  body<GuardianList>(await t.app.inject({ method: 'GET', url: '/api/family/guardians', headers })).data;
const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.seq);

async function invitedToken(email: string) {
  const mails = await mailsTo(email);
  const link = mails.at(-1)!.links.find((l) => l.includes('/family/join?token='))!;
  return new URL(link).searchParams.get('token')!;
}

/** Two guardians sharing one family (the second joined by invitation), the first with a child. */
async function sharedFamily() {
  const first = await createUserWithSession(t, { firstName: 'Ana' });
  const second = await createUserWithSession(t, { firstName: 'Ben' });
  const kid = await addChild(t, first.headers, { firstName: 'Sam' });
  expect((await post('/family/invite', first.headers, { email: second.email })).statusCode).toBe(200);
  expect((await post('/family/join', second.headers, { token: await invitedToken(second.email) })).statusCode).toBe(
    200,
  );
  return { first, second, kid };
}

describe('removing a guardian', () => {
  it('either guardian removes the other: access and sessions end at once, both are mailed, the children stay', async () => {
    const { first, second, kid } = await sharedFamily();
    // The guardian who joined removes the one who invited them: either may remove the other.
    const res = await post('/family/guardians/remove', second.headers, { userId: first.userId });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Guardian removed. They no longer have access to this family.');

    // The removed guardian's token no longer works anywhere.
    expect((await t.app.inject({ method: 'GET', url: '/api/children/list', headers: first.headers })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: first.headers })).statusCode).toBe(
      401,
    );
    // They have a new, empty family of their own; the children stay with the other guardian.
    const [moved] = await t.db.select().from(users).where(eq(users.id, first.userId));
    expect(moved!.familyId).not.toBe(first.familyId);
    expect(moved!.familyId).not.toBeNull();
    const kids = body<{ id: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/list', headers: second.headers }),
    ).data;
    expect(kids.map((k) => k.id)).toEqual([kid]);
    expect((await guardians(second.headers)).guardians.map((g) => g.id)).toEqual([second.userId]);

    expect((await mailsTo(first.email)).at(-1)!.subject).toBe('You were removed from a KikStart family');
    expect((await mailsTo(second.email)).at(-1)!.subject).toBe('A guardian was removed from your KikStart family');
  });

  it("revokes the removed guardian's open invitations, so they cannot invite themselves back", async () => {
    const { first, second } = await sharedFamily();
    const alt = await createUserWithSession(t);
    await post('/family/invite', second.headers, { email: alt.email });
    const token = await invitedToken(alt.email);
    await post('/family/guardians/remove', first.headers, { userId: second.userId });
    expect((await post('/family/join', alt.headers, { token })).statusCode).toBe(404);
    expect((await guardians(first.headers)).pendingInvites).toEqual([]);
  });

  it("refuses yourself, strangers, another family's guardian, bad ids, coaches and anonymous callers", async () => {
    const { first } = await sharedFamily();
    const other = await sharedFamily();
    const self = await post('/family/guardians/remove', first.headers, { userId: first.userId });
    expect(self.statusCode).toBe(409);
    expect(body(self).message).toBe('To stop sharing this family yourself, use "Leave family"');
    const foreign = await post('/family/guardians/remove', first.headers, { userId: other.second.userId });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).message).toBe('This person is not a guardian in your family');
    const [untouched] = await t.db.select().from(users).where(eq(users.id, other.second.userId));
    expect(untouched!.familyId).toBe(other.first.familyId);
    for (const bad of [undefined, {}, { userId: 'nope' }, { userId: 42 }]) {
      const res = await post('/family/guardians/remove', first.headers, bad ?? {});
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Choose the guardian to remove');
    }
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await post('/family/guardians/remove', coach.headers, { userId: first.userId })).statusCode).toBe(403);
    // Authentication before validation: anonymous with a bad body is 401, not 400.
    expect((await post('/family/guardians/remove', {}, { userId: 'nope' })).statusCode).toBe(401);
  });

  it.runIf(onPostgres)(
    'two guardians removing each other at once leave exactly one guardian with the children',
    async () => {
      const { first, second, kid } = await sharedFamily();
      const results = await Promise.all([
        post('/family/guardians/remove', first.headers, { userId: second.userId }),
        post('/family/guardians/remove', second.headers, { userId: first.userId }),
      ]);
      // The loser either passed sign-in and then found itself gone (404), or arrived after the
      // winner's removal had already ended its session (401): both mean it removed nobody.
      const [won, lost] = results.map((r) => r.statusCode).sort();
      expect(won).toBe(200);
      expect([401, 404]).toContain(lost);
      const left = await t.db.select().from(users).where(eq(users.familyId, first.familyId!));
      expect(left).toHaveLength(1);
      const winner = left[0]!.id === first.userId ? first : second;
      const kids = body<{ id: string }[]>(
        await t.app.inject({ method: 'GET', url: '/api/children/list', headers: winner.headers }),
      ).data;
      expect(kids.map((k) => k.id)).toEqual([kid]);
    },
  );
});

describe('leaving a family', () => {
  it('a guardian who is not the last leaves; the children stay and the others are mailed', async () => {
    const { first, second, kid } = await sharedFamily();
    const res = await post('/family/leave', second.headers);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('You have left the family. Your account now has a family of its own.');
    // Leaving is their own choice: the session stays, now with an empty family.
    const mine = await t.app.inject({ method: 'GET', url: '/api/children/list', headers: second.headers });
    expect(mine.statusCode).toBe(200);
    expect(body<unknown[]>(mine).data).toEqual([]);
    const theirs = body<{ id: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/list', headers: first.headers }),
    ).data;
    expect(theirs.map((k) => k.id)).toEqual([kid]);
    expect((await mailsTo(first.email)).at(-1)!.subject).toBe('A guardian left your KikStart family');
  });

  it('the last guardian cannot leave, only delete the account', async () => {
    const alone = await createUserWithSession(t);
    await addChild(t, alone.headers);
    const res = await post('/family/leave', alone.headers);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(
      'You are the only guardian of this family. To remove it and its children, delete your account instead.',
    );
    const [same] = await t.db.select().from(users).where(eq(users.id, alone.userId));
    expect(same!.familyId).toBe(alone.familyId);
    expect((await post('/family/leave', {})).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('a new invitation to the same address replaces the old one; cancelling revokes the link', async () => {
    const inviter = await createUserWithSession(t);
    const invitee = await createUserWithSession(t);
    await post('/family/invite', inviter.headers, { email: invitee.email });
    const oldToken = await invitedToken(invitee.email);
    await post('/family/invite', inviter.headers, { email: invitee.email });
    const newToken = await invitedToken(invitee.email);
    expect(newToken).not.toBe(oldToken);
    expect((await guardians(inviter.headers)).pendingInvites.map((p) => p.email)).toEqual([invitee.email]);
    expect((await post('/family/join', invitee.headers, { token: oldToken })).statusCode).toBe(404);

    const cancelled = await post('/family/invites/cancel', inviter.headers, { email: invitee.email.toUpperCase() });
    expect(cancelled.statusCode).toBe(200);
    expect(body(cancelled).message).toBe('Invitation cancelled');
    expect((await guardians(inviter.headers)).pendingInvites).toEqual([]);
    const late = await post('/family/join', invitee.headers, { token: newToken });
    expect(late.statusCode).toBe(404);
    expect(body(late).message).toBe('This invitation link is invalid or has expired');

    const again = await post('/family/invites/cancel', inviter.headers, { email: invitee.email });
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('There is no open invitation for this address');
    // Another family cannot cancel this family's invitation.
    await post('/family/invite', inviter.headers, { email: invitee.email });
    const stranger = await createUserWithSession(t);
    expect((await post('/family/invites/cancel', stranger.headers, { email: invitee.email })).statusCode).toBe(404);
    expect((await guardians(inviter.headers)).pendingInvites).toHaveLength(1);
    expect((await post('/family/invites/cancel', inviter.headers, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await post('/family/invites/cancel', {}, { email: 'not-an-email' })).statusCode).toBe(401);
  });

  it('caps invitations at 5 per family per day, counted in the database on the app clock', async () => {
    const inviter = await createUserWithSession(t);
    const partner = await createUserWithSession(t);
    const send = (headers: Headers, n: number) =>
      post('/family/invite', headers, { email: `cap-${inviter.userId.slice(0, 8)}-${n}@example.com` });
    for (let n = 0; n < 4; n++) expect((await send(inviter.headers, n)).statusCode).toBe(200);
    // A cancelled invitation still counts: a mail went out.
    await post('/family/invites/cancel', inviter.headers, { email: `cap-${inviter.userId.slice(0, 8)}-0@example.com` });
    // The partner joins with the 5th; the cap is the family's, whoever sends.
    await post('/family/invite', inviter.headers, { email: partner.email });
    await post('/family/join', partner.headers, { token: await invitedToken(partner.email) });
    const over = await send(partner.headers, 5);
    expect(over.statusCode).toBe(429);
    expect(body(over).message).toBe('A family can send 5 invitations a day. Please try again tomorrow.');
    const before = await t.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.familyId, inviter.familyId!), eq(oneTimeTokens.purpose, 'family_invite')));
    expect(before).toHaveLength(5);

    // Leaving for a fresh family does not reset the inviter's own count.
    expect((await post('/family/leave', inviter.headers)).statusCode).toBe(200);
    clock.advance(23 * 3600_000);
    expect((await send(inviter.headers, 6)).statusCode).toBe(429);
    clock.advance(3600_000 + 1000);
    expect((await send(inviter.headers, 7)).statusCode).toBe(200);
  });

  it('strips control, bidi and zero-width characters from the inviter name in the mail', async () => {
    const inviter = await createUserWithSession(t);
    // Through the name rules, the invisible characters never reach the database.
    const updated = await post('/user/profile-update', inviter.headers, {
      firstName: '\u202Egnp.exe\u202C',
      lastName: 'Ma\u200Bllory',
    });
    expect(updated.statusCode).toBe(200);
    const [stored] = await t.db.select().from(users).where(eq(users.id, inviter.userId));
    expect(stored).toMatchObject({ firstName: 'gnp.exe', lastName: 'Mallory' });
    // A row stored before the name rules existed.
    await t.db
      .update(users)
      .set({ firstName: 'Ev\u202Ee\u200B\u2066l', lastName: 'Ma\u0007ll\r\nory\u061C\uFEFF' + 'x'.repeat(300) })
      .where(eq(users.id, inviter.userId));
    const to = `bidi-${inviter.userId.slice(0, 8)}@example.com`;
    expect((await post('/family/invite', inviter.headers, { email: to })).statusCode).toBe(200);
    const [mail] = await mailsTo(to);
    expect(mail!.subject.startsWith('Evel Ma ll ory')).toBe(true);
    expect(mail!.subject).not.toMatch(/[\u0000-\u001f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/);
    expect(mail!.subject.length).toBeLessThan(100 + 60);
    expect(mail!.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b]/);
  });
});
