import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  appState,
  contentPages,
  coupons,
  membershipPlans,
  offers,
  programs,
  schools,
  settings,
  testimonials,
  users,
  migrationsFolder,
  type Db,
} from '@kikstart/db';
import { DEMO_ACCOUNTS, DEMO_SEEDED_KEY, seedDatabase } from '@kikstart/db/seed/index';
import { PROGRAMS } from '@kikstart/db/seed/catalog-data';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { loadConfig } from './config/env.ts';
import { hashPassword } from './lib/passwords.ts';
import { openTestDatabase } from '../test/test-db.ts';
import { onPostgres } from '../test/on-postgres.ts';
import { STRONG_PASSWORD } from '../test/user-fixtures.ts';

/** Each start here is the real bootstrap (migrate, seed once, first admin) on a PGlite folder of its own. */
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'kikstart-bootstrap-'));
  dirs.push(dir);
  return dir;
}

const configFor = (dir: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'no-web'), ...env });

/** What production requires of its environment (config/env.ts), pointing nowhere real. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://www.kikstart.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_GATEWAY: 'manual',
  PROVIDER_NAME: 'KikStart Sports LLC',
  PROVIDER_ADDRESS: '1 Main Street, Springfield, CA 90000',
  PROVIDER_TAX_ID: '12-3456789',
};

const count = async (db: Db, table: PgTable) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** A seeded program no demo enrollment holds, so it can be deleted as staff would. */
const spareSlug = PROGRAMS.find((p) => !['lincoln-soccer-stars', 'sunset-flag-football'].includes(p.slug))!.slug;
const demoAdminEmail = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!.email;

/** Signs in through the API on this database: the roles the profile answer carries. */
async function signIn(db: Db, dir: string, email: string, password: string, env: Record<string, string> = {}) {
  const app = await buildApp({ config: configFor(dir, env), db });
  try {
    const res = await app.inject({ method: 'POST', url: '/api/user/signin', payload: { email, password } });
    if (res.statusCode !== 200) return { status: res.statusCode, roles: null };
    const token = (res.json() as { data: { token: string } }).data.token;
    const profile = await app.inject({ url: '/api/user/profile', headers: { 'x-access-token': token } });
    return { status: res.statusCode, roles: (profile.json() as { data: { roles: string[] } }).data.roles };
  } finally {
    await app.close();
  }
}

describe('demo content is seeded once', () => {
  it.skipIf(onPostgres)(
    'a seeded program, testimonial and demo account deleted stay deleted after a restart',
    async () => {
      const dir = dataDir();
      const first = await prepareDatabase(configFor(dir));
      expect(first.report.seeded).toBe(true);
      const [program] = await first.db.select().from(programs).where(eq(programs.slug, spareSlug));
      expect(program).toBeDefined();
      const testimonialsBefore = await count(first.db, testimonials);
      await first.db.delete(programs).where(eq(programs.id, program!.id));
      await first.db.delete(testimonials);
      await first.db.delete(users).where(eq(users.email, demoAdminEmail));
      await first.db.delete(contentPages).where(eq(contentPages.key, 'about-us'));
      await first.close();
      expect(testimonialsBefore).toBeGreaterThan(0);

      const second = await prepareDatabase(configFor(dir));
      try {
        expect(second.report.seeded).toBe(false);
        expect(await second.db.select().from(programs).where(eq(programs.slug, spareSlug))).toEqual([]);
        expect(await count(second.db, testimonials)).toBe(0);
        expect(await second.db.select().from(users).where(eq(users.email, demoAdminEmail))).toEqual([]);
        expect(await second.db.select().from(contentPages).where(eq(contentPages.key, 'about-us'))).toEqual([]);
        // The restarted app answers as the database says: the program is gone from the public site.
        const app = await buildApp({ config: configFor(dir), db: second.db });
        const res = await app.inject({ url: `/api/programs/details?id=${program!.id}` });
        await app.close();
        expect(res.statusCode).toBe(404);
      } finally {
        await second.close();
      }
    },
    120_000,
  );

  it('a database seeded before the marker existed gets it from migration 0013, and a second seed writes nothing', async () => {
    const handle = await openTestDatabase();
    try {
      // Seeded the old way: content, no marker. The migration's own statement sets it.
      await handle.db.delete(appState).where(eq(appState.key, DEMO_SEEDED_KEY));
      const migration = readFileSync(join(migrationsFolder, '0013_app_state.sql'), 'utf8');
      const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO'))!;
      await handle.db.execute(sql.raw(backfill));
      const [marker] = await handle.db.select().from(appState).where(eq(appState.key, DEMO_SEEDED_KEY));
      expect(marker).toBeDefined();

      await handle.db.delete(programs).where(eq(programs.slug, spareSlug));
      const before = await count(handle.db, programs);
      expect(await seedDatabase({ db: handle.db, hashPassword, withDemoAccounts: true })).toBe(false);
      expect(await count(handle.db, programs)).toBe(before);
      expect(await handle.db.select().from(programs).where(eq(programs.slug, spareSlug))).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe('production start', () => {
  it.skipIf(onPostgres)(
    'seeds nothing; says how to make an admin; ADMIN_EMAIL and ADMIN_PASSWORD make the first one, once',
    async () => {
      const dir = dataDir();
      const empty = await prepareDatabase(configFor(dir, PRODUCTION));
      try {
        expect(empty.report).toEqual({ seeded: false, admin: 'missing' });
        for (const table of [
          users,
          programs,
          schools,
          contentPages,
          testimonials,
          offers,
          membershipPlans,
          coupons,
          settings,
          appState,
        ])
          expect(await count(empty.db, table)).toBe(0);
      } finally {
        await empty.close();
      }

      const admin = { ADMIN_EMAIL: 'Owner@KikStart.example', ADMIN_PASSWORD: STRONG_PASSWORD };
      const withEnv = await prepareDatabase(configFor(dir, { ...PRODUCTION, ...admin }));
      try {
        expect(withEnv.report).toEqual({ seeded: false, admin: 'created' });
        const rows = await withEnv.db.select().from(users);
        expect(rows).toEqual([
          expect.objectContaining({
            email: 'owner@kikstart.example',
            firstName: 'Site',
            lastName: 'Administrator',
            staffRoles: ['admin'],
            familyId: null,
            emailVerifiedAt: expect.any(Date),
          }),
        ]);
        expect(await count(withEnv.db, programs)).toBe(0);
        expect(await signIn(withEnv.db, dir, 'owner@kikstart.example', STRONG_PASSWORD, PRODUCTION)).toEqual({
          status: 200,
          roles: ['admin'],
        });
      } finally {
        await withEnv.close();
      }

      // Left in the environment, the variables do nothing once an admin exists.
      const again = await prepareDatabase(
        configFor(dir, {
          ...PRODUCTION,
          ADMIN_EMAIL: 'someone-else@kikstart.example',
          ADMIN_PASSWORD: STRONG_PASSWORD,
        }),
      );
      try {
        expect(again.report).toEqual({ seeded: false, admin: 'present' });
        expect(await count(again.db, users)).toBe(1);
      } finally {
        await again.close();
      }
    },
    120_000,
  );

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and a weak or malformed one, naming the variable', () => {
    const problem = (env: Record<string, string>) => {
      try {
        configFor('/tmp/kikstart-unused', env);
        return 'no problem';
      } catch (err) {
        return (err as Error).message;
      }
    };
    const email = 'owner@kikstart.example';
    expect(problem({ ADMIN_EMAIL: email })).toMatch(/ADMIN_PASSWORD: required with ADMIN_EMAIL/);
    expect(problem({ ADMIN_PASSWORD: STRONG_PASSWORD })).toMatch(/ADMIN_EMAIL: required with ADMIN_PASSWORD/);
    expect(problem({ ADMIN_FIRST_NAME: 'Ada' })).toMatch(/ADMIN_EMAIL: required/);
    expect(problem({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: STRONG_PASSWORD })).toMatch(
      /ADMIN_EMAIL: Enter a valid email address/,
    );
    expect(problem({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'password' })).toMatch(/ADMIN_PASSWORD: .*common/i);
    // The message names the variable, never the password given.
    const short = problem({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Sh0rt!' });
    expect(short).toMatch(/ADMIN_PASSWORD: Password must be at least 8 characters/);
    expect(short).not.toContain('Sh0rt!');
    expect(problem({ ADMIN_EMAIL: email, ADMIN_PASSWORD: STRONG_PASSWORD, ADMIN_FIRST_NAME: 'Ada' })).toBe(
      'no problem',
    );
  });
});

describe('a start beside a PostgreSQL that is not up yet', () => {
  it('waits with growing pauses, says so, and then fails with a readable message', async () => {
    // A loopback port nothing listens on: every connection is refused at once.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kikstart-wait-')),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none',
      PUBLIC_URL: 'http://localhost:3000',
    });
    const said: string[] = [];
    const started = Date.now();
    await expect(
      prepareDatabase(config, { waitForDatabase: { totalMs: 1_800, say: (l) => said.push(l) } }),
    ).rejects.toThrow('The database did not answer within 2 s; check DATABASE_URL and that PostgreSQL is running.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_700);
    expect(said).toEqual([
      'Waiting for the database (attempt 1 failed: ECONNREFUSED); trying again in 0.5 s',
      'Waiting for the database (attempt 2 failed: ECONNREFUSED); trying again in 1.0 s',
      expect.stringMatching(/^Waiting for the database \(attempt 3 failed: ECONNREFUSED\); trying again in 0\.\d s$/),
    ]);
    rmSync(config.dataDir, { recursive: true, force: true });
  });
});
