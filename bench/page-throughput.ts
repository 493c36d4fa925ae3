import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import { ROOT, ms, pct, printTable, scratchDir, startApi, type Child } from './load-kit.ts';
import { benchPostgres, type Postgres } from './bench-postgres.ts';

/**
 * The throughput part of `npm run bench -- pages`: one API process serving the built site, under
 * autocannon (50 connections, 10 s per row), for the server-rendered pages beside the landing
 * page's JSON route and a static asset served by the same process in the same run; then the
 * render's own time on a cache miss, from `server-timing`. On PGlite and on PostgreSQL.
 */

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_PAGES_SECONDS ?? 10);
/** Renders timed one at a time per page and kind of miss. */
const MISSES = 30;
const PORT = Number(process.env.BENCH_PORT ?? 3300);
/** BENCH_DATABASES=pglite (or postgres) measures one of the two. */
const DATABASES = (['pglite', 'postgres'] as const).filter(
  (d) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(',').includes(d),
);
/** What a browser sends: pages and assets come compressed, as they would to a visitor. */
const BROWSER_HEADERS = { accept: 'text/html,*/*', 'accept-encoding': 'gzip, deflate, br' };

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Misses {
  name: string;
  /** The same address rendered again after a staff edit dropped it (the renderer knows its queries). */
  afterEdit: number[];
  /** An address rendered for the first time (a query string the page ignores, new each time). */
  newAddress: number[];
  /** Requests answered from the kept page after the edit's answer, before its NOTIFY had arrived. */
  keptAfterEdit: number[];
}

export async function runThroughput() {
  for (const database of DATABASES) {
    const { rows, misses } = await measure(database);
    const json = rows.find((r) => r.name === 'landing JSON')!;
    console.log(
      `\n${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}: one API process, autocannon ${CONNECTIONS} connections, ${SECONDS} s per row, node ${process.version}\n`,
    );
    printTable(
      ['row', 'path', 'req/s', 'p50', 'p99', 'errors', 'ratio to the JSON route'],
      rows.map((r) => [
        r.name,
        r.path,
        Math.round(r.rps),
        ms(r.p50),
        ms(r.p99),
        r.errors,
        (r.rps / json.rps).toFixed(2),
      ]),
    );
    console.log(`\nRender on a cache miss (server-timing render;dur, ${MISSES} misses of each kind, one at a time)\n`);
    const cell = (values: number[]) => `${pct(values, 50).toFixed(1)} / ${pct(values, 99).toFixed(1)} ms`;
    printTable(
      [
        'page',
        'after a staff edit, median / p99',
        'a new address, median / p99',
        'requests still answered from the cache after the edit, most of 30',
      ],
      misses.map((m) => [m.name, cell(m.afterEdit), cell(m.newAddress), Math.max(...m.keptAfterEdit)]),
    );
  }
}

async function measure(database: 'pglite' | 'postgres') {
  const dir = scratchDir(`bench-pages-${database}`);
  let postgres: Postgres | undefined;
  let api: Child | undefined;
  try {
    if (database === 'postgres') postgres = await benchPostgres('pages');
    api = await startApi({
      port: PORT,
      dir,
      databaseUrl: postgres?.url,
      env: { WEB_DIST_DIR: join(ROOT, 'apps/web/dist') },
    });
    const list = (await (await fetch(`${api.url}/api/programs/all-list`)).json()) as {
      data: { items: { id: string }[] };
    };
    const programId = list.data.items[0]!.id;
    // The entry script every page loads, served from disk with its pre-compressed copy.
    const entryScript = /src="(\/assets\/[^"]+\.js)"/.exec(
      readFileSync(join(ROOT, 'apps/web/dist/index.html'), 'utf8'),
    )![1]!;
    const pages: [string, string][] = [
      ['home', '/'],
      ['catalog', '/programs'],
      ['program', `/programs/${programId}`],
    ];
    const cases: [string, string][] = [
      ...pages,
      ['landing JSON', '/api/cms/landing-page'],
      ['static asset', entryScript],
    ];
    // Warm-up, not reported: the first renders compile the server bundle's code paths.
    for (const [, path] of cases) await load(`${api.url}${path}`, { amount: 200 });
    const rows: Row[] = [];
    for (const [name, path] of cases) rows.push({ name, path, ...(await load(`${api.url}${path}`)) });
    const edit = await staffEditor(api.url);
    const misses: Misses[] = [];
    for (const [name, path] of pages) {
      const afterEdit: number[] = [];
      const newAddress: number[] = [];
      const keptAfterEdit: number[] = [];
      for (let i = 0; i < MISSES; i++) {
        await edit();
        const { renderMs, kept } = await firstRender(`${api.url}${path}`);
        afterEdit.push(renderMs);
        keptAfterEdit.push(kept);
        newAddress.push((await firstRender(`${api.url}${path}?miss=${Date.now()}-${i}`)).renderMs);
      }
      misses.push({ name, afterEdit, newAddress, keptAfterEdit });
    }
    return { rows, misses };
  } finally {
    await api?.stop();
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function load(url: string, { amount }: { amount?: number } = {}) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: SECONDS }),
    timeout: 30,
    headers: BROWSER_HEADERS,
  });
  return {
    rps: result.requests.total / (result.duration || SECONDS),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The render time of the first answer to `url` rendered afresh, and how many answers came from
 * the cache before it. After an edit on PostgreSQL the NOTIFY reaches the API's listening
 * connection a moment after the edit's answer, so a request sent at once may still get the kept page.
 */
async function firstRender(url: string): Promise<{ renderMs: number; kept: number }> {
  const deadline = performance.now() + 5000;
  for (let kept = 0; ; kept++) {
    const res = await fetch(url, { headers: BROWSER_HEADERS });
    await res.arrayBuffer();
    const timing = res.headers.get('server-timing') ?? '';
    const render = /render;dur=([\d.]+)/.exec(timing);
    if (render) return { renderMs: Number(render[1]), kept };
    if (performance.now() > deadline) throw new Error(`${url} was not rendered again within 5 s: ${timing}`);
  }
}

/** The demo admin saving the privacy policy: each save drops every kept page (its NOTIFY). */
async function staffEditor(base: string) {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const json = { 'content-type': 'application/json' };
  const signin = await fetch(`${base}/api/user/signin`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const headers = { ...json, 'x-access-token': ((await signin.json()) as { data: { token: string } }).data.token };
  const page = `${base}/api/admin/content/pages/privacy-policy`;
  let { version } = ((await (await fetch(page, { headers })).json()) as { data: { version: number } }).data;
  return async () => {
    const saved = await fetch(page, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        version,
        title: 'Privacy policy',
        description: 'How we use data.',
        body: `Edit ${version}.`,
      }),
    });
    if (!saved.ok) throw new Error(`The staff edit answered ${saved.status}: ${await saved.text()}`);
    version++;
  };
}
