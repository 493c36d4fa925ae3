import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type SigninResult, type UserProfile } from '@kikstart/contract/auth';
import { privateFilesDir } from '../../lib/uploads.ts';
import { body, useTestApp } from '../../../test/test-app.ts';
import { liveSessionCount, post, userByEmail, verifiedParent } from '../../../test/user-fixtures.ts';
import { nextIp } from '../../../test/client-ip.ts';
import { multipartForm } from '../../../test/multipart.ts';

const t = useTestApp();

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const getProfile = (headers: Record<string, string>) => t.app.inject({ url: '/api/user/profile', headers });
const updateJson = (headers: Record<string, string>, payload: unknown) =>
  post(t, '/api/user/profile-update', payload, { headers });
const updateMultipart = (headers: Record<string, string>, form: ReturnType<typeof multipartForm>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/profile-update',
    payload: form.payload,
    headers: { ...headers, ...form.headers },
    remoteAddress: nextIp(),
  });

describe('GET /api/user/profile', () => {
  it('401 without a valid token', async () => {
    expect((await t.app.inject({ url: '/api/user/profile' })).statusCode).toBe(401);
    expect((await getProfile({ 'x-access-token': 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('returns the profile shape', async () => {
    const user = await verifiedParent(t);
    const res = await getProfile(user.headers);
    expect(res.statusCode).toBe(200);
    const p = body<UserProfile>(res).data;
    expect(p).toMatchObject({
      firstName: 'Maya',
      lastName: 'Okafor',
      email: user.email,
      phone: '4155550134',
      address: null,
      avatarUrl: null,
      roles: ['parent'],
      emailVerified: true,
    });
    expect(p.familyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(p.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('POST /api/user/profile-update', () => {
  it('JSON: updates the fields sent; the email cannot be changed here', async () => {
    const user = await verifiedParent(t);
    const res = await updateJson(user.headers, {
      firstName: '  Amara ',
      lastName: 'Okafor-Lee',
      phone: '415.555.0199',
      address: '2150 Mission Street\nSan Francisco, CA',
      email: 'hijack@evil.example',
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(AUTH_MESSAGES.profileUpdated);
    expect(body<UserProfile>(res).data).toMatchObject({
      firstName: 'Amara',
      lastName: 'Okafor-Lee',
      phone: '4155550199',
      address: '2150 Mission Street\nSan Francisco, CA',
      email: user.email,
      roles: ['parent'],
    });
    // Only what is sent changes; an empty address clears it.
    const partial = await updateJson(user.headers, { address: '' });
    expect(body<UserProfile>(partial).data).toMatchObject({ firstName: 'Amara', address: null });
    expect((await getProfile(user.headers)).json().data.firstName).toBe('Amara');
  });

  it('401 without a token', async () => {
    expect((await post(t, '/api/user/profile-update', { firstName: 'X' })).statusCode).toBe(401);
  });

  it('hostile JSON: 400 with field messages and nothing changed', async () => {
    const user = await verifiedParent(t);
    const cases: [unknown, string][] = [
      [{ firstName: '' }, 'firstName'],
      [{ firstName: 'x'.repeat(101) }, 'firstName'],
      [{ lastName: 'y'.repeat(50_000) }, 'lastName'],
      [{ phone: '123' }, 'phone'],
      [{ phone: 4155550199 }, 'phone'],
      [{ firstName: ['Maya'] }, 'firstName'],
      [{ firstName: 'Ma\u0000ya' }, 'firstName'],
      [{ address: 'a'.repeat(501) }, 'address'],
      [{ address: 'Main St\u0000' }, 'address'],
      [{ address: { street: 'x' } }, 'address'],
    ];
    for (const [payload, field] of cases) {
      const res = await updateJson(user.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(body(res).errors?.[field]).toBeTruthy();
    }
    for (const payload of [{}, [], 'text', null]) {
      const res = await updateJson(user.headers, payload);
      expect(res.statusCode).toBe(400);
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-update',
      payload: 'firstName=x',
      headers: { ...user.headers, 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    expect(body<UserProfile>(await getProfile(user.headers)).data).toMatchObject({
      firstName: 'Maya',
      lastName: 'Okafor',
      phone: '4155550134',
      address: null,
    });
  });

  it('unicode is accepted; SQL and HTML fragments are stored as plain text', async () => {
    const user = await verifiedParent(t);
    const res = await updateJson(user.headers, {
      firstName: 'Søren 李',
      lastName: 'O\'Neil"; DELETE FROM users; --',
      address: '<script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const row = (await userByEmail(t, user.email))!;
    expect(row).toMatchObject({
      firstName: 'Søren 李',
      lastName: 'O\'Neil"; DELETE FROM users; --',
      address: '<script>alert(1)</script>',
    });
  });

  it('multipart: fields and a real PNG avatar, served privately by a signed link; a new avatar replaces the old file', async () => {
    const user = await verifiedParent(t);
    const res = await updateMultipart(
      user.headers,
      multipartForm(
        { firstName: 'Priya', phone: '(415) 555-0100' },
        { field: 'avatar', filename: 'me.png', type: 'image/png', bytes: PNG },
      ),
    );
    expect(res.statusCode).toBe(200);
    const p = body<UserProfile>(res).data;
    expect(p).toMatchObject({ firstName: 'Priya', phone: '4155550100' });
    expect(p.avatarUrl).toMatch(/^\/api\/files\/avatars\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]+$/);
    const served = await t.app.inject({ url: p.avatarUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));

    const onDisk = (url: string) =>
      join(privateFilesDir(t.config), new URL(url, 'http://x').pathname.replace('/api/files/', ''));
    const firstFile = onDisk(p.avatarUrl!);
    expect(existsSync(firstFile)).toBe(true);
    const second = await updateMultipart(
      user.headers,
      multipartForm({}, { field: 'avatar', filename: 'new.png', type: 'image/png', bytes: PNG }),
    );
    expect(second.statusCode).toBe(200);
    const p2 = body<UserProfile>(second).data;
    expect(p2.avatarUrl).not.toBe(p.avatarUrl);
    expect(existsSync(firstFile)).toBe(false);
    expect(readFileSync(onDisk(p2.avatarUrl!)).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
  });

  it('a .png that is really text: 415, nothing saved', async () => {
    const user = await verifiedParent(t);
    const res = await updateMultipart(
      user.headers,
      multipartForm(
        { firstName: 'Changed' },
        {
          field: 'avatar',
          filename: 'avatar.png',
          type: 'image/png',
          bytes: Buffer.from('<?php echo "hi"; ?> not an image'),
        },
      ),
    );
    expect(res.statusCode).toBe(415);
    expect(body(res).errors?.avatar).toBe('The file must be a JPEG or PNG image');
    expect(body<UserProfile>(await getProfile(user.headers)).data).toMatchObject({
      firstName: 'Maya',
      avatarUrl: null,
    });
  });

  it('an oversized image: 413, nothing saved', async () => {
    const user = await verifiedParent(t);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await updateMultipart(
      user.headers,
      multipartForm({ firstName: 'Changed' }, { field: 'avatar', filename: 'big.png', type: 'image/png', bytes: big }),
    );
    expect(res.statusCode).toBe(413);
    expect(body<UserProfile>(await getProfile(user.headers)).data).toMatchObject({
      firstName: 'Maya',
      avatarUrl: null,
    });
  });

  it('multipart with a bad field or an unexpected file: 400, and the avatar is not stored', async () => {
    const user = await verifiedParent(t);
    const bad = await updateMultipart(
      user.headers,
      multipartForm({ phone: '12' }, { field: 'avatar', filename: 'a.png', type: 'image/png', bytes: PNG }),
    );
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.phone).toBe(AUTH_MESSAGES.phoneDigits);
    const other = await updateMultipart(
      user.headers,
      multipartForm({}, { field: 'document', filename: 'a.png', type: 'image/png', bytes: PNG }),
    );
    expect(other.statusCode).toBe(400);
    expect(body<UserProfile>(await getProfile(user.headers)).data).toMatchObject({
      phone: '4155550134',
      avatarUrl: null,
    });
  });
});

describe('POST /api/user/change-password', () => {
  const change = (headers: Record<string, string>, currentPassword: unknown, newPassword: unknown) =>
    post(t, '/api/user/change-password', { currentPassword, newPassword }, { headers });

  it('changes the password and revokes the other sessions, keeping this one', async () => {
    const user = await verifiedParent(t);
    const other = body<SigninResult>(await post(t, '/api/user/signin', { email: user.email, password: user.password }))
      .data.token;
    const res = await change(user.headers, user.password, 'Quiet-harbor-31');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 200, message: AUTH_MESSAGES.passwordChanged, data: null });
    expect((await getProfile(user.headers)).statusCode).toBe(200);
    expect((await getProfile({ 'x-access-token': other })).statusCode).toBe(401);
    const u = (await userByEmail(t, user.email))!;
    expect(await liveSessionCount(t, u.id)).toBe(1);
    expect((await post(t, '/api/user/signin', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post(t, '/api/user/signin', { email: user.email, password: 'Quiet-harbor-31' })).statusCode).toBe(
      200,
    );
  });

  it('wrong current password: 400 on that field; rules on the new one', async () => {
    const user = await verifiedParent(t);
    const wrong = await change(user.headers, 'Not-my-password-1', 'Quiet-harbor-31');
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors).toEqual({ currentPassword: AUTH_MESSAGES.currentPasswordWrong });
    for (const [next, message] of [
      ['short', AUTH_MESSAGES.passwordMin],
      ['qwerty123', AUTH_MESSAGES.passwordCommon],
      [user.password, AUTH_MESSAGES.newPasswordSame],
      ['', AUTH_MESSAGES.newPassword],
    ] as const) {
      const res = await change(user.headers, user.password, next);
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.newPassword).toBe(message);
    }
    expect((await change(user.headers, '', 'Quiet-harbor-31')).statusCode).toBe(400);
    expect((await change(user.headers, 123, { a: 1 })).statusCode).toBe(400);
    expect(
      (await post(t, '/api/user/change-password', { currentPassword: user.password, newPassword: 'Quiet-harbor-31' }))
        .statusCode,
    ).toBe(401);
  });

  it('wrong current passwords count towards the per-account limit', async () => {
    const user = await verifiedParent(t);
    for (let i = 0; i < 5; i++)
      expect((await change(user.headers, `Not-mine-${i}-x`, 'Quiet-harbor-31')).statusCode).toBe(400);
    const res = await change(user.headers, user.password, 'Quiet-harbor-31');
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toMatch(/^Too many attempts/);
  });
});
