import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coachRoleRequests } from '@kikstart/db';
import { LEAD_MESSAGES, LEAD_SUCCESS } from '@kikstart/contract/leads';
import { body, useTestApp } from '../../../test/test-app.ts';
import { ALREADY_COACH, COACH_REQUEST_PENDING } from './coach-role-request.ts';
import { HOSTILE, WRONG_TYPES, countRows, mailsFor } from '../../../test/lead-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { nextIp } from '../../../test/client-ip.ts';
import { createUserWithSession, sessionFor } from '../../../test/user-fixtures.ts';

const t = useTestApp();

const URL_ = '/api/user/coach/request';

const tokenFor = (email: string) => sessionFor(t, email);

/** A new parent account of its own, so tests do not share pending requests. */
const newParent = (email: string) => createUserWithSession(t, { email, firstName: 'Grace', lastName: 'Adeyemi' });

const request = (payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: URL_,
    payload: payload as never,
    remoteAddress: nextIp(),
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
  });

const pendingOf = (userId: string) => t.db.select().from(coachRoleRequests).where(eq(coachRoleRequests.userId, userId));

describe('POST /api/user/coach/request', () => {
  it('needs a signed-in user: 401 without or with a bad token, before any field check', async () => {
    const before = await countRows(t);
    for (const token of [undefined, 'not-a-session-token-at-all-xxxxxxxx']) {
      const res = await request({ message: 'I coach soccer' }, token);
      expect(res.statusCode).toBe(401);
      expect(body(res).status).toBe(401);
      expect(body(res).message).toBe('Please sign in to continue');
      expect((await request({}, token)).statusCode).toBe(401);
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('stores a pending request and tells staff; a second one while pending is 409', async () => {
    const { token, userId } = await tokenFor('parent@kikstart.example');
    const res = await request({ message: '  I have coached U10 basketball for three seasons.  ' }, token);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(LEAD_SUCCESS.coachRoleRequest);
    const rows = await pendingOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('pending');
    expect(rows[0]!.message).toBe('I have coached U10 basketball for three seasons.');
    const [staff] = await mailsFor(t, 'coach-role-request-staff');
    expect(staff?.to).toBe(t.config.staffEmail);
    expect(staff?.text).toContain('parent@kikstart.example');

    const before = await countRows(t);
    const again = await request({ message: 'Any news?' }, token);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(COACH_REQUEST_PENDING);
    expect(await countRows(t)).toEqual(before);
  });

  it('may ask again once the earlier request was decided', async () => {
    const { token, userId } = await newParent('decided.before@example.com');
    expect((await request({ message: 'First try' }, token)).statusCode).toBe(200);
    await t.db.update(coachRoleRequests).set({ status: 'declined' }).where(eq(coachRoleRequests.userId, userId));
    expect((await request({ message: 'Second try' }, token)).statusCode).toBe(200);
    expect((await pendingOf(userId)).filter((r) => r.status === 'pending')).toHaveLength(1);
  });

  it.runIf(onPostgres)('simultaneous requests leave exactly one pending', async () => {
    const { token, userId } = await newParent('double.submit@example.com');
    const results = await Promise.all([1, 2, 3].map((i) => request({ message: `Attempt ${i}` }, token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await pendingOf(userId)).toHaveLength(1);
  });

  it('a coach already has the role: 409', async () => {
    const { token } = await tokenFor('coach@kikstart.example');
    const res = await request({ message: 'Please' }, token);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(ALREADY_COACH);
  });

  it('validates the message: required, capped, right type; hostile text stored verbatim', async () => {
    const { token, userId } = await newParent('validates.message@example.com');
    const before = await countRows(t);
    for (const message of [undefined, '', '   ', ...WRONG_TYPES]) {
      const res = await request(message === undefined ? {} : { message }, token);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(body(res).errors?.message).toBeTruthy();
    }
    expect(body(await request({ message: '' }, token)).errors?.message).toBe(LEAD_MESSAGES.message);
    expect(body(await request({ message: 'x'.repeat(5001) }, token)).errors?.message).toBe(
      'Must be at most 5000 characters',
    );
    expect(body(await request({ message: 'null\u0000byte' }, token)).errors?.message).toBe(
      'Must not contain invalid characters',
    );
    expect(await countRows(t)).toEqual(before);

    const hostile = `${HOSTILE.unicodeName}: ${HOSTILE.sql} ${HOSTILE.html}`;
    expect((await request({ message: hostile }, token)).statusCode).toBe(200);
    expect((await pendingOf(userId))[0]!.message).toBe(hostile);
  });
});
