import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { openDatabase, type DbHandle } from '@kikstart/db';
import { buildApp, type App } from '../app.ts';
import { standInWebBuild } from '../../test/stand-in-web-build.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ManualClock } from '../../test/manual-clock.ts';
import { onPostgres } from '../../test/on-postgres.ts';
import { programInput } from '../../test/catalog-fixtures.ts';
import { addChild, createProgram, enroll } from '../../test/enrollment-fixtures.ts';
import { createUserWithSession, demoSession } from '../../test/user-fixtures.ts';
import { PAGE_CACHE_CHANNEL, SEATS_MAX_AGE_MS } from './page-cache.ts';

/**
 * A stand-in for the web build's server bundle with a cache variant (apps/web/src/entry-server.tsx
 * cacheVariant): it renders the page's real content from the API, and counts its renders.
 */
const RENDERS = '__kikstartStandInRenders';
const build = standInWebBuild('ssr-cache', {
  files: {
    'index.html':
      '<!doctype html><html lang="en"><head><!--ssr-head--></head><body><div id="root"><!--ssr-body--></div></body></html>',
  },
  entryServer: `
export const isServerRendered = (path) => path === '/' || path === '/about-us' || path.startsWith('/programs/');
const themeOf = (r) => (r.cookies.theme === 'dark' || r.cookies.theme === 'light' ? r.cookies.theme : null);
const demoOpen = (r) =>
  !r.cookies.kikstart_first_time && !r.cookies.kikstart_demo_shown && new URL(r.url, r.origin).pathname === '/';
export const cacheVariant = (r) => 'theme=' + themeOf(r) + ';dark=' + r.prefersDark + ';demo=' + demoOpen(r);
export async function render(r) {
  globalThis.${RENDERS} = (globalThis.${RENDERS} ?? 0) + 1;
  const url = new URL(r.url, r.origin);
  if (url.pathname === '/programs/broken') throw new Error('render failed');
  const mode = themeOf(r) ?? (r.prefersDark ? 'dark' : 'light');
  let text, status = 200, showsSeats = false;
  if (url.pathname.startsWith('/programs/')) {
    const res = await r.fetchApi('/api/programs/details?id=' + url.pathname.slice('/programs/'.length));
    if (res.status === 200) {
      const program = (await res.json()).data;
      text = program.title + ': ' + program.seatsLeft + ' seats left';
      showsSeats = true;
    } else {
      text = 'Program not found';
      status = 404;
    }
  } else {
    const res = await r.fetchApi(url.pathname === '/' ? '/api/cms/landing-page' : '/api/cms/about-us');
    text = (await res.json()).data.title;
  }
  const body = '<main>' + text + ' mode=' + mode + ' demo=' + demoOpen(r) + '</main>';
  return { status, body, mode, head: '<title>' + text + '</title>', demoShown: demoOpen(r),
    complete: !url.searchParams.has('part-failed'), showsSeats };
}
`,
});

const renders = () => ((globalThis as Record<string, unknown>)[RENDERS] as number | undefined) ?? 0;
const clock = new ManualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: build.dist }, undefined, { clock });
});
afterAll(async () => {
  await t.close();
  build.remove();
});

/** A returning visitor (no first-visit modal), unless the cookies say otherwise. */
const get = (url: string, headers: Record<string, string> = {}, app: App = t.app) =>
  app.inject({ url, headers: { cookie: 'kikstart_first_time=false', ...headers } });
const timing = (res: LightMyRequestResponse) => String(res.headers['server-timing']);
const main = (res: LightMyRequestResponse) => /<main>(.*)<\/main>/.exec(res.body)?.[1];

/**
 * On PostgreSQL the NOTIFY reaches the listening connection a moment after the writer's commit;
 * PGlite delivers it within the commit. Retries for up to two seconds there, never on PGlite.
 */
async function eventually(check: () => Promise<void>) {
  const deadline = Date.now() + (onPostgres ? 2000 : 0);
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * Renders a page and sees it kept: on PostgreSQL once the notices of what the test wrote before
 * have arrived, as a late one drops the page again.
 */
async function keep(url: string, app: App = t.app) {
  await eventually(async () => {
    await get(url, {}, app);
    expect(timing(await get(url, {}, app))).toBe('cache;desc=hit');
  });
}

/** A staff edit of the about page through the console's API; answers the new title. */
async function editAboutPage(app: App, title: string) {
  const { headers } = await demoSession(t, 'admin');
  const current = await app.inject({ url: '/api/admin/content/pages/about-us', headers });
  const { version } = current.json<{ data: { version: number } }>().data;
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/admin/content/pages/about-us',
    headers,
    payload: { version, title, description: 'Who we are.', body: 'Our story.' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return title;
}

describe('kept pages for signed-out visitors', () => {
  it('answers a page again from the cache: the same bytes, no render, and says so', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await get('/', headers);
    expect(timing(first)).toMatch(/^render;dur=[\d.]+, cache;desc=miss$/);
    const before = renders();
    const again = await get('/', headers);
    expect(renders()).toBe(before);
    expect(timing(again)).toBe('cache;desc=hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(String(again.headers.vary)).toContain('Cookie');
    expect(brotliDecompressSync(again.rawPayload).toString()).toContain('<main>');
  });

  it('keeps one page per theme, first visit and encoding: no variant is sent another one', async () => {
    const variants: [Record<string, string>, string][] = [
      [{ cookie: 'kikstart_first_time=false; theme=dark' }, 'mode=dark demo=false'],
      [
        { cookie: 'kikstart_first_time=false; theme=light', 'sec-ch-prefers-color-scheme': 'dark' },
        'mode=light demo=false',
      ],
      [{ cookie: 'kikstart_first_time=false', 'sec-ch-prefers-color-scheme': 'dark' }, 'mode=dark demo=false'],
      [{ cookie: 'kikstart_first_time=false; theme=nonsense' }, 'mode=light demo=false'],
      [{ cookie: '' }, 'mode=light demo=true'],
      [{ cookie: 'kikstart_demo_shown=1' }, 'mode=light demo=false'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [headers, expected] of variants) {
        const res = await t.app.inject({ url: '/', headers });
        expect(main(res), JSON.stringify(headers)).toContain(expected);
        if (round === 1) expect(timing(res)).toBe('cache;desc=hit');
        // A first visit's page opens the modal, so it records that, kept or not.
        if (expected.endsWith('demo=true')) expect(res.headers['set-cookie']).toContain('kikstart_demo_shown=1');
        else expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    const html = main(await get('/about-us'));
    const br = await get('/about-us', { 'accept-encoding': 'br' });
    const gzip = await get('/about-us', { 'accept-encoding': 'gzip' });
    expect(main(await get('/about-us'))).toBe(html);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(`<main>${html}</main>`);
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(`<main>${html}</main>`);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('a signed-in visitor never gets a kept page: the client-rendered one', async () => {
    await keep('/');
    const res = await get('/', { cookie: 'kikstart_first_time=false; kikstart_token=abc' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><!--ssr-body--></div>');
    expect(res.headers['server-timing']).toBeUndefined();
  });

  it('never keeps a render that failed, a page with a part that failed, or a not-found page', async () => {
    for (const url of ['/programs/broken', '/?part-failed', '/programs/00000000-0000-4000-8000-000000000000']) {
      const before = renders();
      const first = await get(url);
      const second = await get(url);
      expect(renders() - before, url).toBe(2);
      expect(timing(second), url).not.toContain('cache;desc=hit');
      if (url === '/programs/broken') expect(second.body).toContain('<!--ssr-body-->');
      if (url.startsWith('/programs/0')) expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
    }
  });

  it('renders a page once for visitors who ask for it together', async () => {
    const headers = { cookie: 'kikstart_first_time=false; theme=dark', 'accept-encoding': 'gzip' };
    const before = renders();
    const answers = await Promise.all([1, 2, 3, 4].map(() => get('/', headers)));
    expect(renders() - before).toBe(1);
    expect(answers.map(timing).sort()).toEqual([
      'cache;desc=shared',
      'cache;desc=shared',
      'cache;desc=shared',
      expect.stringMatching(/^render;dur=/),
    ]);
    expect(new Set(answers.map((res) => gunzipSync(res.rawPayload).toString())).size).toBe(1);
  });

  it('a crawler of query strings cannot push the plain pages out', async () => {
    await keep('/about-us');
    for (let i = 0; i < 150; i++) await get(`/about-us?utm_source=${i}`);
    expect(timing(await get('/about-us'))).toBe('cache;desc=hit');
    expect(timing(await get('/about-us?utm_source=149'))).toBe('cache;desc=hit');
    expect(timing(await get('/about-us?utm_source=0'))).toContain('render;dur');
  });
});

describe('kept pages follow edits, at once, in every process', () => {
  it("a staff edit of a content page shows on the next request: the edit's NOTIFY drops the kept page", async () => {
    await keep('/about-us');
    const title = await editAboutPage(t.app, 'About KikStart, edited');
    await eventually(async () => expect(main(await get('/about-us'))).toContain(title));
  });

  it("a staff edit of a program shows on the program's page at once", async () => {
    const program = await createProgram(t, { title: 'Morning Chess' });
    expect(main(await get(`/programs/${program.id}`))).toContain('Morning Chess');
    const { headers } = await demoSession(t, 'admin');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/programs/${program.id}`,
      headers,
      payload: programInput({ title: 'Evening Chess', capacity: 10 }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await eventually(async () => expect(main(await get(`/programs/${program.id}`))).toContain('Evening Chess'));
  });

  it('seats left lag enrollments by a few seconds at most (enrollments send no notice)', async () => {
    const program = await createProgram(t, { title: 'Seat Count Soccer' });
    const url = `/programs/${program.id}`;
    const seatsShown = (res: LightMyRequestResponse) => Number(/(\d+) seats left/.exec(main(res) ?? '')?.[1]);
    // On PostgreSQL the program's own NOTIFY may still be on its way and drop the page after it
    // was kept: the round is then made again, with another enrollment (none of them notifies).
    for (let round = 1; ; round++) {
      await keep(url);
      const before = seatsShown(await get(url));
      const parent = await createUserWithSession(t);
      const childId = await addChild(t, parent.headers);
      expect((await enroll(t, parent.headers, childId, program.id)).statusCode).toBe(200);
      const after = await get(url);
      if (timing(after) !== 'cache;desc=hit' && onPostgres && round < 3) continue;
      expect(timing(after)).toBe('cache;desc=hit');
      expect(seatsShown(after)).toBe(before);
      clock.advance(SEATS_MAX_AGE_MS);
      expect(seatsShown(await get(url))).toBe(before - 1);
      return;
    }
  });

  it('a NOTIFY sent by another connection drops every kept page', async () => {
    await keep('/about-us');
    await t.db.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, 'schools')`);
    await eventually(async () => expect(timing(await get('/about-us'))).toContain('render;dur'));
  });

  it('another API process on the same database drops its pages when an edit is made through this one', async () => {
    const other = await secondProcess();
    try {
      await keep('/about-us', other.app);
      const title = await editAboutPage(t.app, 'About us, from the other process');
      await eventually(async () => expect(main(await get('/about-us', {}, other.app))).toContain(title));
    } finally {
      await other.close();
    }
  });

  it.runIf(onPostgres)('a lost LISTEN connection drops the pages and keeps none until it is back', async () => {
    await keep('/about-us');
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = ${`listen ${PAGE_CACHE_CHANNEL}`}`,
    );
    // Until listen.ts has reconnected (a second later), every request is rendered.
    await eventually(async () => expect(timing(await get('/about-us'))).toContain('render;dur'));
    expect(timing(await get('/about-us'))).toContain('render;dur');
    const deadline = Date.now() + 10_000;
    while (timing(await get('/about-us')) !== 'cache;desc=hit') {
      if (Date.now() > deadline) throw new Error('the page cache did not resume after the connection came back');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('the tables public pages read notify the page cache', () => {
  it('each notifies on a committed change; enrollments and account details other than names do not', async () => {
    const heard: string[] = [];
    const listener = await t.listen(PAGE_CACHE_CHANNEL, { onNotify: (table) => table && heard.push(table) });
    try {
      // Statement-level triggers: a statement that changes no row notifies all the same.
      const notifying = {
        content_pages: 'title',
        offers: 'title',
        testimonials: 'quote',
        schools: 'name',
        programs: 'title',
        program_activities: 'title',
        coach_profiles: 'bio',
        users: 'first_name',
      };
      for (const [table, column] of Object.entries(notifying))
        await t.db.execute(sql.raw(`update ${table} set ${column} = ${column} where false`));
      await t.db.execute(sql`update users set email = email where false`);
      await t.db.execute(sql`update enrollments set status = status where false`);
      await eventually(async () => expect(heard.sort()).toEqual(Object.keys(notifying).sort()));
    } finally {
      await listener.close();
    }
  });
});

/**
 * A second API process on the same database: its own pool and LISTEN connection on PostgreSQL;
 * on PGlite, which one process owns, a second app on the same engine.
 */
async function secondProcess(): Promise<{ app: App; close(): Promise<void> }> {
  let handle: DbHandle | undefined;
  if (onPostgres) {
    const result = await t.db.execute(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  }
  const app = await buildApp({ config: t.config, db: handle?.db ?? t.db, clock, listen: handle?.listen ?? t.listen });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}
