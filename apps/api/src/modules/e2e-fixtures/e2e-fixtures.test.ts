import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { programActivities, programs } from '@kikstart/db';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

const copy = (t: TestApp, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/e2e-fixtures/program', payload: payload as never });

describe('end-to-end fixtures', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([createTestApp({ E2E_FIXTURES: 'true' }), createTestApp()]);
  });
  afterAll(() => Promise.all([on.close(), off.close()]));

  it('copies a seeded program under a new title and capacity, with its activities and no enrollments', async () => {
    const res = await copy(on, {
      fromSlug: 'sunset-flag-football',
      title: 'Flag Football (waitlist run)',
      capacity: 1,
    });
    expect(res.statusCode).toBe(200);
    const made = body<{ id: string; slug: string; title: string; capacity: number }>(res).data;
    expect(made).toMatchObject({ title: 'Flag Football (waitlist run)', capacity: 1 });
    expect(made.slug).toMatch(/^sunset-flag-football-e2e-[0-9a-f]{8}$/);
    const [source] = await on.db.select().from(programs).where(eq(programs.slug, 'sunset-flag-football'));
    const [row] = await on.db.select().from(programs).where(eq(programs.id, made.id));
    expect(row).toMatchObject({
      schoolId: source!.schoolId,
      weekdays: source!.weekdays,
      minGrade: source!.minGrade,
      published: true,
    });
    const activities = (id: string) =>
      on.db.select().from(programActivities).where(eq(programActivities.programId, id));
    expect((await activities(made.id)).map((a) => a.title)).toEqual((await activities(source!.id)).map((a) => a.title));
    const details = await on.app.inject({ url: `/api/programs/details?id=${made.id}` });
    expect(details.statusCode).toBe(200);
  });

  it('bad input is a 400 and an unknown program a 404, nothing made', async () => {
    const before = (await on.db.select({ id: programs.id }).from(programs)).length;
    expect((await copy(on, { fromSlug: 'sunset-flag-football', title: '', capacity: 1 })).statusCode).toBe(400);
    expect((await copy(on, { fromSlug: 'sunset-flag-football', title: 'X', capacity: -1 })).statusCode).toBe(400);
    expect((await copy(on, { fromSlug: 'no-such-program', title: 'X', capacity: 1 })).statusCode).toBe(404);
    expect((await on.db.select({ id: programs.id }).from(programs)).length).toBe(before);
  });

  it('without E2E_FIXTURES the route is a 404 envelope and makes nothing', async () => {
    const res = await copy(off, { fromSlug: 'sunset-flag-football', title: 'Sneaky', capacity: 5 });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ status: 404, data: null });
    expect(await off.db.select().from(programs).where(eq(programs.title, 'Sneaky'))).toEqual([]);
  });

  it('production refuses to start with E2E_FIXTURES=true', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.example.com',
      SMTP_URL: 'smtp://mail.example.com',
      PAYMENT_GATEWAY: 'manual',
      PROVIDER_NAME: 'KikStart Sports LLC',
      PROVIDER_ADDRESS: '500 Market St, San Francisco, CA 94105',
      PROVIDER_TAX_ID: '94-7654321',
      E2E_FIXTURES: 'true',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/E2E_FIXTURES/);
    expect(() => loadConfig({ ...production, E2E_FIXTURES: 'false' })).not.toThrow();
  });
});
