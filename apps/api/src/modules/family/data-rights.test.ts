import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { privateFilesDir } from '../../lib/uploads.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  calendarFeeds,
  children,
  enquiries,
  enrollments,
  families,
  mailOutbox,
  newsletterSubscribers,
  sessions,
  users,
} from '@kikstart/db';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { addChild, createProgram, enroll } from '../../../test/enrollment-fixtures.ts';

const t = useTestApp();

type Headers = Record<string, string>;
const PASSWORD = 'Quiet-harbour-lamp-77';
const post = (url: string, headers: Headers, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object });
const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.seq);

/** A parent who can sign in with PASSWORD. */
const parentWithPassword = async () => createUserWithSession(t, { passwordHash: await hashPassword(PASSWORD) });

/** A photo file on disk for a child, as the upload route stores it (a path under the private files dir). */
function givePhoto(childId: string) {
  const path = `children/${childId.replace(/-/g, '')}.png`;
  mkdirSync(join(privateFilesDir(t.config), 'children'), { recursive: true });
  writeFileSync(join(privateFilesDir(t.config), path), Buffer.from('photo bytes'));
  return t.db
    .update(children)
    .set({ photoPath: path })
    .where(eq(children.id, childId))
    .then(() => join(privateFilesDir(t.config), path));
}

/** A full one-seat program held by `holder`'s child, with another family's child on its waitlist. */
async function fullProgramWithWaitlist(holder: { headers: Headers }, childId: string) {
  const program = await createProgram(t, { capacity: 1 });
  expect((await enroll(t, holder.headers, childId, program.id)).statusCode).toBe(200);
  const waiting = await createUserWithSession(t);
  const waitingChild = await addChild(t, waiting.headers);
  expect((await enroll(t, waiting.headers, waitingChild, program.id, { joinWaitlist: true })).statusCode).toBe(200);
  return { program, waiting, waitingChild };
}

const statusOf = async (childId: string) =>
  (await t.db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.childId, childId)))[0]
    ?.status;

describe('deleting a child', () => {
  it('removes the child, their photo file and enrollments, and offers the freed seat to the waitlist', async () => {
    const parent = await createUserWithSession(t);
    const kid = await addChild(t, parent.headers, { firstName: 'Noa' });
    const photo = await givePhoto(kid);
    const { waiting, waitingChild } = await fullProgramWithWaitlist(parent, kid);

    const res = await post('/children/delete', parent.headers, { childId: kid });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Child deleted');
    expect(await t.db.select().from(children).where(eq(children.id, kid))).toEqual([]);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.childId, kid))).toEqual([]);
    expect(existsSync(photo)).toBe(false);
    expect(await statusOf(waitingChild)).toBe('offered');
    expect((await mailsTo(waiting.email)).at(-1)!.template).toBe('waitlist-offer');
    expect((await post('/children/delete', parent.headers, { childId: kid })).statusCode).toBe(404);
  });

  it("answers 404 for another family's child and 400/401 for bad input, changing nothing", async () => {
    const owner = await createUserWithSession(t);
    const kid = await addChild(t, owner.headers);
    const stranger = await createUserWithSession(t);
    const res = await post('/children/delete', stranger.headers, { childId: kid });
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe('Child not found');
    for (const bad of [{}, { childId: 'x' }, { childId: [kid] }])
      expect((await post('/children/delete', owner.headers, bad)).statusCode).toBe(400);
    expect((await post('/children/delete', {}, { childId: 'x' })).statusCode).toBe(401);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await post('/children/delete', coach.headers, { childId: kid })).statusCode).toBe(403);
    expect(await t.db.select().from(children).where(eq(children.id, kid))).toHaveLength(1);
  });
});

describe('downloading my data', () => {
  it("holds the profile, guardians, children with every field, enrollments, waivers, feed presence, newsletter and forms; no secrets, no other family's data", async () => {
    const parent = await createUserWithSession(t, { firstName: 'Iris' });
    const kid = await addChild(t, parent.headers, {
      firstName: 'Theo',
      medicalNotes: 'Carries an inhaler',
      allergies: 1,
      allergyDetails: 'Peanuts',
    });
    const program = await createProgram(t, { title: 'Export Swim Club' });
    await enroll(t, parent.headers, kid, program.id);
    await t.db
      .insert(newsletterSubscribers)
      .values({ email: parent.email, status: 'confirmed', unsubscribeToken: `unsub-${parent.userId}` });
    await t.db.insert(enquiries).values({
      kind: 'contact',
      name: 'Iris',
      email: parent.email,
      subject: 'Pickup times',
      message: 'When is pickup?',
    });
    const stranger = await createUserWithSession(t);
    await addChild(t, stranger.headers, { firstName: 'Zed' });

    const get = () => t.app.inject({ method: 'GET', url: '/api/user/export', headers: parent.headers });
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="kikstart-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    type Export = {
      profile: { email: string };
      calendarFeed: { exists: boolean };
      newsletter: { status: string } | null;
      family: {
        guardians: { email: string }[];
        children: Record<string, unknown>[];
        enrollments: { programTitle: string; waiverName: string }[];
        waivers: { signedName: string }[];
      };
      forms: { enquiries: { subject: string }[] };
    };
    const data = body<Export>(first).data;
    expect(data.profile.email).toBe(parent.email);
    expect(data.calendarFeed).toEqual({ exists: false });
    expect(data.newsletter!.status).toBe('confirmed');
    expect(data.family.guardians.map((g) => g.email)).toEqual([parent.email]);
    expect(data.family.children).toHaveLength(1);
    expect(data.family.children[0]).toMatchObject({
      id: kid,
      firstName: 'Theo',
      medicalNotes: 'Carries an inhaler',
      allergyDetails: 'Peanuts',
      emergencyContacts: [{ name: 'Ana Martinez', relation: 'Mother', phone: '4155550199' }],
    });
    expect(data.family.enrollments).toMatchObject([{ programTitle: 'Export Swim Club', waiverName: 'Ana Martinez' }]);
    expect(data.family.waivers).toMatchObject([{ signedName: 'Ana Martinez' }]);
    expect(data.forms.enquiries.map((e) => e.subject)).toEqual(['Pickup times']);
    expect(first.body).not.toContain('Zed');
    expect(first.body).not.toMatch(/passwordHash|tokenHash|test-only/);

    await t.app.inject({ method: 'GET', url: '/api/calendar/feed-url', headers: parent.headers });
    const [feed] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, parent.userId));
    const second = await get();
    expect(body<Export>(second).data.calendarFeed.exists).toBe(true);
    expect(second.body).not.toContain(feed!.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });
});

describe('deleting the account', () => {
  it('keeps the daily invitation count and the account deletion on indexes', async () => {
    // Both drivers (PGlite, node-postgres) answer { rows }.
    const result = (await t.db.execute(
      sql`select indexname from pg_indexes where indexname in ('one_time_tokens_family_idx', 'enrollments_created_by_idx')`,
    )) as unknown as {
      rows: { indexname: string }[];
    };
    expect(result.rows.map((r) => r.indexname).sort()).toEqual([
      'enrollments_created_by_idx',
      'one_time_tokens_family_idx',
    ]);
  });

  it('needs the right password; a wrong or missing one changes nothing', async () => {
    const parent = await parentWithPassword();
    const wrong = await post('/user/delete-account', parent.headers, { password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors).toEqual({ password: 'Password is incorrect' });
    const missing = await post('/user/delete-account', parent.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Enter your password to delete your account');
    expect((await post('/user/delete-account', {}, {})).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, parent.userId))).toHaveLength(1);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await post('/user/delete-account', coach.headers, { password: PASSWORD })).statusCode).toBe(403);
  });

  it("the last guardian's deletion removes the family, its children, photos and enrollments, releases the seat and ends the sessions", async () => {
    const parent = await parentWithPassword();
    const kid = await addChild(t, parent.headers);
    const other = await addChild(t, parent.headers, { firstName: 'Mia' });
    const photo = await givePhoto(other);
    const avatarPath = `avatars/${parent.userId.replace(/-/g, '')}.png`;
    const avatar = join(privateFilesDir(t.config), avatarPath);
    mkdirSync(join(privateFilesDir(t.config), 'avatars'), { recursive: true });
    writeFileSync(avatar, Buffer.from('avatar bytes'));
    await t.db.update(users).set({ avatarPath }).where(eq(users.id, parent.userId));
    const { waitingChild } = await fullProgramWithWaitlist(parent, kid);

    const res = await post('/user/delete-account', parent.headers, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: 'Your account has been deleted',
      data: { familyDeleted: true, childrenDeleted: 2 },
    });
    expect(await t.db.select().from(users).where(eq(users.id, parent.userId))).toEqual([]);
    expect(await t.db.select().from(families).where(eq(families.id, parent.familyId!))).toEqual([]);
    expect(await t.db.select().from(children).where(eq(children.familyId, parent.familyId!))).toEqual([]);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.familyId, parent.familyId!))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, parent.userId))).toEqual([]);
    expect(existsSync(photo)).toBe(false);
    expect(existsSync(avatar)).toBe(false);
    expect(await statusOf(waitingChild)).toBe('offered');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: parent.headers })).statusCode).toBe(
      401,
    );
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: parent.email, password: PASSWORD },
      remoteAddress: '10.9.8.7',
    });
    expect(signin.statusCode).not.toBe(200);
    expect((await mailsTo(parent.email)).at(-1)!.subject).toBe('Your KikStart account was deleted');
  });

  it('a guardian who is not the last only leaves: the children stay and the other guardian is mailed', async () => {
    const first = await parentWithPassword();
    const kid = await addChild(t, first.headers);
    const second = await createUserWithSession(t);
    await post('/family/invite', first.headers, { email: second.email });
    const link = (await mailsTo(second.email)).at(-1)!.links[0]!;
    await post('/family/join', second.headers, { token: new URL(link).searchParams.get('token') });

    const res = await post('/user/delete-account', first.headers, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ familyDeleted: false, childrenDeleted: 0 });
    expect(await t.db.select().from(users).where(eq(users.id, first.userId))).toEqual([]);
    const kids = body<{ id: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/list', headers: second.headers }),
    ).data;
    expect(kids.map((k) => k.id)).toEqual([kid]);
    expect((await mailsTo(second.email)).at(-1)!.subject).toBe('A guardian left your KikStart family');
  });
});
