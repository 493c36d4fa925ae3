import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { children } from '@kikstart/db';
import type { Child, ChildBasic, ChildBasicInfo } from '@kikstart/contract/children';
import { PHONE_MESSAGES } from '@kikstart/contract/phone';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession, demoSession, parentsAndCoach } from '../../../test/user-fixtures.ts';
import { addChild, birthDateForAge, validChild } from '../../../test/enrollment-fixtures.ts';
import { multipartForm } from '../../../test/multipart.ts';

let t: TestApp;
let parent: Awaited<ReturnType<typeof createUserWithSession>>;
let other: Awaited<ReturnType<typeof createUserWithSession>>;
let coach: Awaited<ReturnType<typeof createUserWithSession>>;
let otherChildId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ parent, other, coach } = await parentsAndCoach(t));
  otherChildId = await addChild(t, other.headers, { firstName: 'Secret' });
});
afterAll(() => t.close());

const countChildren = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(children))[0]!.n;
const add = (payload: unknown, headers = parent.headers) =>
  t.app.inject({ method: 'POST', url: '/api/user/child/add', headers, payload: payload as object });

describe('adding a child', () => {
  it('stores every field, trimmed, with phones as digits', async () => {
    const res = await add(
      validChild({ firstName: '  Leo ', allergies: 1, allergyDetails: 'Tree nuts', medicalNotes: 'Wears glasses' }),
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Child added');
    const child = body<Child>(res).data;
    expect(child).toMatchObject({
      firstName: 'Leo',
      lastName: 'Martinez',
      grade: 2,
      gradeLabel: '2',
      age: 8,
      allergies: 1,
      allergyDetails: 'Tree nuts',
      medicalNotes: 'Wears glasses',
      photoConsent: 1,
      photoUrl: null,
    });
    expect(child.emergencyContacts).toEqual([{ name: 'Ana Martinez', relation: 'Mother', phone: '4155550199' }]);
    expect(child.pickupPeople).toEqual([{ name: 'Rosa Lopez', relation: 'Aunt', phone: '4155550188' }]);
  });

  it('drops allergy details when allergies is No, and links a listed school by id', async () => {
    const schools = body<{ id: string; name: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/school/all-list' }),
    ).data;
    const res = await add(
      validChild({ allergies: 2, allergyDetails: 'ignored', schoolId: schools[0]!.id, schoolName: 'typed' }),
    );
    const child = body<Child>(res).data;
    expect(child.allergyDetails).toBeNull();
    expect(child.schoolId).toBe(schools[0]!.id);
    expect(child.schoolName).toBe(schools[0]!.name);
    const unknown = await add(validChild({ schoolId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(422);
    expect(body(unknown).errors).toEqual({ schoolId: 'Choose a school from the list' });
  });

  const tooOld = birthDateForAge(19);
  const tomorrow = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
  it.each<[string, Record<string, unknown>, string, string]>([
    ['missing first name', { firstName: undefined }, 'firstName', 'First name is required'],
    ['blank first name', { firstName: '   ' }, 'firstName', 'First name is required'],
    ['blank last name', { lastName: '' }, 'lastName', 'Last name is required'],
    ['missing date of birth', { dateOfBirth: undefined }, 'dateOfBirth', 'Date of birth is required'],
    ['empty date of birth', { dateOfBirth: '' }, 'dateOfBirth', 'Date of birth is required'],
    ['impossible date', { dateOfBirth: '2018-02-30' }, 'dateOfBirth', 'Enter a valid date of birth'],
    ['not a date', { dateOfBirth: 'last spring' }, 'dateOfBirth', 'Enter a valid date of birth'],
    ['future date of birth', { dateOfBirth: tomorrow }, 'dateOfBirth', 'Enter a valid date of birth'],
    ['too young', { dateOfBirth: birthDateForAge(2) }, 'dateOfBirth', 'Enter a valid date of birth'],
    ['too old', { dateOfBirth: tooOld }, 'dateOfBirth', 'Enter a valid date of birth'],
    ['missing grade', { grade: undefined }, 'grade', 'Grade is required'],
    ['grade as text', { grade: 'second' }, 'grade', 'Grade is required'],
    ['grade 13', { grade: 13 }, 'grade', 'Choose a grade from K to 12'],
    ['grade -1', { grade: -1 }, 'grade', 'Choose a grade from K to 12'],
    ['grade 2.5', { grade: 2.5 }, 'grade', 'Choose a grade from K to 12'],
    ['missing allergies', { allergies: undefined }, 'allergies', 'Please choose Yes or No'],
    ['allergies 3', { allergies: 3 }, 'allergies', 'Please choose Yes or No'],
    ['allergies "1"', { allergies: '1' }, 'allergies', 'Please choose Yes or No'],
    [
      'allergies without details',
      { allergies: 1, allergyDetails: '  ' },
      'allergyDetails',
      'Please describe the allergies',
    ],
    [
      'allergy details too long',
      { allergies: 1, allergyDetails: 'x'.repeat(1001) },
      'allergyDetails',
      'Allergy details must be at most 1000 characters',
    ],
    [
      'medical notes too long',
      { medicalNotes: 'x'.repeat(2001) },
      'medicalNotes',
      'Medical notes must be at most 2000 characters',
    ],
    ['no emergency contact', { emergencyContacts: [] }, 'emergencyContacts', 'Add at least one emergency contact'],
    [
      'emergency contacts missing',
      { emergencyContacts: undefined },
      'emergencyContacts',
      'Add at least one emergency contact',
    ],
    [
      'six emergency contacts',
      { emergencyContacts: Array(6).fill({ name: 'A B', relation: 'Aunt', phone: '4155550100' }) },
      'emergencyContacts',
      'Add at most 5 emergency contacts',
    ],
    [
      'contact without name',
      { emergencyContacts: [{ name: '', relation: 'Mother', phone: '4155550100' }] },
      'emergencyContacts.0.name',
      'Name is required',
    ],
    [
      'contact without relation',
      { emergencyContacts: [{ name: 'Ana', relation: ' ', phone: '4155550100' }] },
      'emergencyContacts.0.relation',
      'Relation is required',
    ],
    [
      'contact without phone',
      { emergencyContacts: [{ name: 'Ana', relation: 'Mother', phone: '' }] },
      'emergencyContacts.0.phone',
      'Phone is required',
    ],
    [
      'contact with short phone',
      { emergencyContacts: [{ name: 'Ana', relation: 'Mother', phone: '555-0100' }] },
      'emergencyContacts.0.phone',
      'Phone must be 10 digits',
    ],
    [
      'contact as a string',
      { emergencyContacts: ['Ana 4155550100'] },
      'emergencyContacts.0',
      'Each person needs a name, relation and phone',
    ],
    [
      'eleven pickup people',
      { pickupPeople: Array(11).fill({ name: 'A B', relation: 'Aunt', phone: '4155550100' }) },
      'pickupPeople',
      'Add at most 10 people for pickup',
    ],
    [
      'pickup without phone',
      { pickupPeople: [{ name: 'Rosa', relation: 'Aunt' }] },
      'pickupPeople.0.phone',
      'Phone is required',
    ],
    ['missing photo consent', { photoConsent: undefined }, 'photoConsent', 'Please choose Yes or No'],
    ['photo consent 0', { photoConsent: 0 }, 'photoConsent', 'Please choose Yes or No'],
    ['bad school id', { schoolId: 'lincoln' }, 'schoolId', 'Must be a valid id'],
    ['huge first name', { firstName: 'x'.repeat(10_000) }, 'firstName', 'Must be at most 100 characters'],
    ['first name as array', { firstName: ['Leo'] }, 'firstName', 'First name is required'],
    ['first name null', { firstName: null }, 'firstName', 'First name is required'],
  ])('%s → 400 with its message', async (_name, overrides, field, message) => {
    const before = await countChildren();
    const res = await add(validChild(overrides));
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[field]).toBe(message);
    expect(await countChildren()).toBe(before);
  });

  it('refuses contact and pickup phones outside North American numbering: 400 with the code, nothing stored', async () => {
    const before = await countChildren();
    for (const [overrides, field] of [
      [{ emergencyContacts: [{ name: 'Ana', relation: 'Mother', phone: '0000000000' }] }, 'emergencyContacts.0.phone'],
      [
        { emergencyContacts: [{ name: 'Ana', relation: 'Mother', phone: '123-555-0123' }] },
        'emergencyContacts.0.phone',
      ],
      [{ pickupPeople: [{ name: 'Rosa', relation: 'Aunt', phone: '(415) 055-0123' }] }, 'pickupPeople.0.phone'],
    ] as const) {
      const res = await add(validChild(overrides));
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe('VALIDATION_FAILED');
      expect(body(res).errors?.[field]).toBe(PHONE_MESSAGES.numbering);
    }
    expect(await countChildren()).toBe(before);
  });

  it('stores a pasted phone with a country code as its 10 digits', async () => {
    const res = await add(
      validChild({ emergencyContacts: [{ name: 'Ana', relation: 'Mother', phone: '+1 (415) 555-0123' }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(body<Child>(res).data.emergencyContacts[0]!.phone).toBe('4155550123');
  });

  it('reports several field errors at once, including the allergy rule', async () => {
    const res = await add(validChild({ firstName: '', allergies: 1, allergyDetails: '' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Please correct the highlighted fields');
    expect(body(res).errors).toMatchObject({
      firstName: 'First name is required',
      allergyDetails: 'Please describe the allergies',
    });
  });

  it('rejects non-objects and bodies that are not JSON, storing nothing', async () => {
    const before = await countChildren();
    for (const payload of [[validChild()], 'child', null, 42]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/child/add',
        headers: { ...parent.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/user/child/add',
      headers: { ...parent.headers, 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await countChildren()).toBe(before);
  });

  it('stores SQL and HTML fragments as plain text', async () => {
    const res = await add(
      validChild({
        firstName: "Robert'); DROP TABLE children;--",
        lastName: '<script>alert(1)</script>',
        medicalNotes: '<img src=x onerror=alert(1)>',
      }),
    );
    expect(res.statusCode).toBe(200);
    const child = body<Child>(res).data;
    expect(child.firstName).toBe("Robert'); DROP TABLE children;--");
    expect(child.lastName).toBe('<script>alert(1)</script>');
    expect(await countChildren()).toBeGreaterThan(0);
  });

  it('ignores unknown fields such as familyId', async () => {
    const res = await add({
      ...validChild(),
      familyId: other.familyId,
      id: otherChildId,
      photoPath: '../../etc/passwd',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(children)
      .where(eq(children.id, body<Child>(res).data.id));
    expect(row!.familyId).toBe(parent.familyId);
    expect(row!.photoPath).toBeNull();
  });

  it('caps a family at 12 children', async () => {
    const busy = await createUserWithSession(t);
    for (let i = 0; i < 12; i++) await addChild(t, busy.headers, { firstName: `Kid${i}` });
    const res = await add(validChild(), busy.headers);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('A family can have at most 12 children');
  });
});

describe('reading and updating children', () => {
  it('lists only the family’s own children, in full and for pickers', async () => {
    const demo = await demoSession(t, 'parent');
    const full = body<Child[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/list', headers: demo.headers }),
    ).data;
    // Oldest record first; children added together (the seed) by first name.
    expect(full.map((c) => c.firstName)).toEqual(['Arjun', 'Maya']);
    const maya = full.find((c) => c.firstName === 'Maya')!;
    expect(maya.pickupPeople[0]!.name).toBe('Anita Desai');
    const basic = body<ChildBasic[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/basic-list', headers: demo.headers }),
    ).data;
    expect(basic).toEqual(
      full.map((c) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        name: `${c.firstName} ${c.lastName}`,
      })),
    );
    const info = body<ChildBasicInfo>(
      await t.app.inject({ method: 'GET', url: `/api/children/basic-info?id=${maya.id}`, headers: demo.headers }),
    ).data;
    expect(info).toMatchObject({
      name: 'Maya Shah',
      grade: 2,
      gradeLabel: '2',
      schoolName: 'Lincoln Elementary School',
    });
    const mine = body<Child[]>(
      await t.app.inject({ method: 'GET', url: '/api/children/list', headers: other.headers }),
    ).data;
    expect(mine.map((c) => c.id)).toEqual([otherChildId]);
  });

  it('updates the whole form', async () => {
    const id = await addChild(t, parent.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/children/update',
      headers: parent.headers,
      payload: { id, ...validChild({ grade: 3, allergies: 1, allergyDetails: 'Bee stings', photoConsent: 2 }) },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Child updated');
    expect(body<Child>(res).data).toMatchObject({ id, grade: 3, allergyDetails: 'Bee stings', photoConsent: 2 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/children/update',
      headers: parent.headers,
      payload: { id, ...validChild({ allergies: 1 }) },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.allergyDetails).toBe('Please describe the allergies');
  });

  it("answers 404 for another family's child on every endpoint and changes nothing", async () => {
    const calls = [
      { method: 'GET' as const, url: `/api/children/basic-info?id=${otherChildId}` },
      {
        method: 'POST' as const,
        url: '/api/children/update',
        payload: { id: otherChildId, ...validChild({ firstName: 'Hacked' }) },
      },
      { method: 'POST' as const, url: '/api/children/photo/remove', payload: { childId: otherChildId } },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: parent.headers });
      expect(res.statusCode, call.url).toBe(404);
      expect(body(res).message).toBe('Child not found');
    }
    const [row] = await t.db.select().from(children).where(eq(children.id, otherChildId));
    expect(row!.firstName).toBe('Secret');
  });

  it('answers 400 for ids that are not uuids', async () => {
    for (const url of [
      '/api/children/basic-info?id=1',
      '/api/children/basic-info',
      "/api/children/basic-info?id=' or 1=1--",
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: parent.headers });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Must be a valid id');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/children/update',
      headers: parent.headers,
      payload: { id: 7, ...validChild() },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.id).toBe('Must be a valid id');
  });

  it('needs a signed-in parent: 401 without a token, 403 for a coach', async () => {
    const endpoints = [
      { method: 'POST' as const, url: '/api/user/child/add', payload: validChild() },
      { method: 'GET' as const, url: '/api/children/list' },
      { method: 'POST' as const, url: '/api/children/update', payload: { id: otherChildId, ...validChild() } },
      { method: 'GET' as const, url: '/api/children/basic-list' },
      { method: 'GET' as const, url: `/api/children/basic-info?id=${otherChildId}` },
      { method: 'POST' as const, url: '/api/children/photo/remove', payload: { childId: otherChildId } },
      { method: 'POST' as const, url: '/api/children/photo', payload: { childId: otherChildId } },
    ];
    for (const e of endpoints) {
      expect((await t.app.inject(e)).statusCode, e.url).toBe(401);
      expect(
        (await t.app.inject({ ...e, headers: { 'x-access-token': 'not-a-real-token-but-long-enough' } })).statusCode,
      ).toBe(401);
      const res = await t.app.inject({ ...e, headers: coach.headers });
      expect(res.statusCode, e.url).toBe(403);
    }
  });
});

describe('child photo', () => {
  // A 1×1 PNG that decodes (uploads are re-encoded, so a picture must be readable, not only look like one).
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  it('stores a PNG checked by its bytes, and removes it', async () => {
    const id = await addChild(t, parent.headers);
    const form = multipartForm({ childId: id }, { field: 'photo', filename: 'me.png', bytes: PNG, type: 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo',
      headers: { ...parent.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(body<Child>(res).data.photoUrl).toMatch(
      /^\/api\/files\/children\/[0-9a-f]{32}\.png\?expires=\d+&signature=[\w-]+$/,
    );
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo/remove',
      headers: parent.headers,
      payload: { childId: id },
    });
    expect(body<Child>(removed).data.photoUrl).toBeNull();
  });

  it('refuses a fake image, a missing file, a bad id and another family’s child', async () => {
    const id = await addChild(t, parent.headers);
    const fake = multipartForm(
      { childId: id },
      { field: 'photo', filename: 'x.png', bytes: Buffer.from('<?php echo 1; ?>'), type: 'image/png' },
    );
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo',
      headers: { ...parent.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(r1.statusCode).toBe(415);
    expect(body(r1).message).toBe('The file must be a JPEG or PNG image');
    const none = multipartForm({ childId: id });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo',
      headers: { ...parent.headers, ...none.headers },
      payload: none.payload,
    });
    expect(r2.statusCode).toBe(400);
    expect(body(r2).errors?.photo).toBe('Choose a photo (JPEG or PNG)');
    const badId = multipartForm(
      { childId: 'nope' },
      { field: 'photo', filename: 'a.png', bytes: PNG, type: 'image/png' },
    );
    const r3 = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo',
      headers: { ...parent.headers, ...badId.headers },
      payload: badId.payload,
    });
    expect(r3.statusCode).toBe(400);
    const theirs = multipartForm(
      { childId: otherChildId },
      { field: 'photo', filename: 'a.png', bytes: PNG, type: 'image/png' },
    );
    const r4 = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo',
      headers: { ...parent.headers, ...theirs.headers },
      payload: theirs.payload,
    });
    expect(r4.statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/children/photo',
      headers: parent.headers,
      payload: { childId: id },
    });
    expect(json.statusCode).toBe(415);
    const [row] = await t.db.select().from(children).where(eq(children.id, otherChildId));
    expect(row!.photoPath).toBeNull();
  });
});
