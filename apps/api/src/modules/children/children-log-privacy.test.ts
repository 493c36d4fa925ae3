import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { children } from '@kikstart/db';
import { INVALID_CHARACTERS } from '@kikstart/contract/common';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { systemClock } from '../../lib/clock.ts';
import { INVALID_VALUE_MESSAGE } from '../../plugins/error-handler.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { openTestDatabase } from '../../../test/test-db.ts';
import { body, type TestApp } from '../../../test/test-app.ts';
import { validChild } from '../../../test/enrollment-fixtures.ts';

// Personal values that must never reach a log line, whatever the database says about them.
const MEDICAL = 'Epilepsy, rescue medication Midazolam-7731';
const ALLERGY = 'Peanut anaphylaxis EpiPen-5518';
const CONTACT = 'Guadalupe Quintanilla-Moreno';
const PHONE = '4155550177';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
let parent: Awaited<ReturnType<typeof createUserWithSession>>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kikstart-logs-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    WEB_DIST_DIR: join(dir, 'no-web'),
    PUBLIC_URL: 'http://localhost:3000',
  });
  const handle = await openTestDatabase();
  // The most talkative level, so nothing is hidden by the level alone.
  const app = await buildApp({ config, db: handle.db, logger: { level: 'trace', stream: logStream } });
  // Probes that bypass the contract, to reach the error handler's database branch directly.
  app.post('/probe/raw-child-insert', async (request) => {
    const { familyId, medicalNotes } = request.body as { familyId: string; medicalNotes: string };
    await app.db.insert(children).values({
      familyId,
      ...hostileChildColumns(),
      medicalNotes,
    });
    return { status: 200, message: 'stored', data: null };
  });
  await app.ready();
  t = {
    app,
    db: handle.db,
    listen: handle.listen,
    config,
    clock: systemClock,
    async close() {
      await app.close();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  parent = await createUserWithSession(t);
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

function hostileChildColumns() {
  return {
    firstName: 'Maya',
    lastName: 'Quintanilla',
    dateOfBirth: '2017-05-01',
    grade: 2,
    allergies: 1,
    allergyDetails: ALLERGY,
    emergencyContacts: [{ name: CONTACT, relation: 'Grandmother', phone: PHONE }],
    pickupPeople: [],
    photoConsent: 1,
  };
}

const hostile = (overrides: Record<string, unknown>) =>
  validChild({
    allergies: 1,
    allergyDetails: ALLERGY,
    medicalNotes: MEDICAL,
    emergencyContacts: [{ name: CONTACT, relation: 'Grandmother', phone: PHONE }],
    ...overrides,
  });

function expectNoPersonalData() {
  const log = lines.join('');
  expect(log.length).toBeGreaterThan(0); // the logger did write (requests at least)
  for (const value of [MEDICAL, 'Midazolam-7731', ALLERGY, 'EpiPen-5518', CONTACT, 'Quintanilla', PHONE]) {
    expect(log, `log contains "${value}"`).not.toContain(value);
  }
  expect(log).not.toMatch(/Failed query|params:/);
}

describe('a child write the database would refuse', () => {
  it('a NUL in medical notes: 400 naming medicalNotes, nothing stored, nothing personal logged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/child/add',
      headers: parent.headers,
      payload: hostile({ medicalNotes: `${MEDICAL}\u0000` }),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ medicalNotes: INVALID_CHARACTERS });
    expect(body(res).message).not.toBe(INVALID_VALUE_MESSAGE);
    expect((await t.app.inject({ url: '/api/children/list', headers: parent.headers })).json().data).toEqual([]);
    expectNoPersonalData();
  });

  it('half a surrogate pair in a contact name: 400 naming the contact field, nothing personal logged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/child/add',
      headers: parent.headers,
      payload: hostile({ emergencyContacts: [{ name: `${CONTACT}\ud800`, relation: 'Grandmother', phone: PHONE }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ 'emergencyContacts.0.name': INVALID_CHARACTERS });
    expectNoPersonalData();
  });

  it('the same on update, for pickup people, allergy details and the school name', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/user/child/add',
      headers: parent.headers,
      payload: validChild(),
    });
    const id = body<{ id: string }>(added).data.id;
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/children/update',
      headers: parent.headers,
      payload: hostile({
        id,
        allergyDetails: `${ALLERGY}\udfff`,
        schoolName: 'Lincoln\u0007 Elementary',
        pickupPeople: [{ name: CONTACT, relation: 'Aunt\u0000', phone: PHONE }],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({
      allergyDetails: INVALID_CHARACTERS,
      schoolName: INVALID_CHARACTERS,
      'pickupPeople.0.relation': INVALID_CHARACTERS,
    });
    expectNoPersonalData();
  });

  it('line breaks stay allowed in notes, not in names', async () => {
    const notes = await t.app.inject({
      method: 'POST',
      url: '/api/user/child/add',
      headers: parent.headers,
      payload: validChild({ medicalNotes: 'Inhaler in bag\nAsks for water\tbreaks' }),
    });
    expect(notes.statusCode).toBe(200);
    const name = await t.app.inject({
      method: 'POST',
      url: '/api/user/child/add',
      headers: parent.headers,
      payload: validChild({ firstName: 'Leo\nDrop table' }),
    });
    expect(body(name).errors).toEqual({ firstName: INVALID_CHARACTERS });
  });
});

describe("the error handler's database branch", () => {
  it('a value the database refuses: 400, logged by SQLSTATE only, never the query or its parameters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/raw-child-insert',
      payload: { familyId: parent.familyId, medicalNotes: `${MEDICAL}\u0000` },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(INVALID_VALUE_MESSAGE);
    const warning = lines.map((l) => JSON.parse(l) as { msg?: string; db?: { code?: string } }).find((l) => l.db);
    expect(warning?.db?.code).toMatch(/^22/);
    expectNoPersonalData();
  });

  it('any other database failure: 500, logged without the query or its parameters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/probe/raw-child-insert',
      // No such family: a foreign-key violation, whose detail quotes the value.
      payload: { familyId: '00000000-0000-4000-8000-000000000000', medicalNotes: MEDICAL },
    });
    expect(res.statusCode).toBe(500);
    const entry = lines.map((l) => JSON.parse(l) as { db?: { code?: string; constraint?: string } }).find((l) => l.db);
    expect(entry?.db?.code).toBe('23503');
    expect(lines.join('')).not.toContain('00000000-0000-4000-8000-000000000000');
    expectNoPersonalData();
  });
});
