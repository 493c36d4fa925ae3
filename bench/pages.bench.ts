/**
 * `npm run bench -- pages`: Lighthouse 12 (mobile defaults, Debian's Chromium) against the built
 * site served on loopback by the API, as a first visit (fresh profile: the demo modal opens on
 * the marketing pages). Prints the median of BENCH_PAGES_RUNS (default 3) runs per public page.
 * Accessibility and SEO come out the same in every run, so they are gathered once, in a run of
 * their own; performance in its runs alone. Lighthouse's own in-page scripts (`_lighthouse-eval.js`
 * in a kept report) still run inside the measured load in either case, tasks of 60–250 ms at its
 * 4× CPU that it counts as the page's blocking time: part of each TBT below is Lighthouse's.
 * Build first: `npm run build -w @kikstart/web`. Scores move with CPU load: compare pages
 * measured in one window, on an otherwise idle machine.
 * Then the throughput part (bench/page-throughput.ts): requests a second per page beside the
 * landing page's JSON route. BENCH_PAGES_PART=throughput (or lighthouse) runs only that part.
 */
import { spawn, execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runThroughput } from './page-throughput.ts';

const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3323);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** BENCH_PAGES_REPORTS=<folder> keeps each run's full Lighthouse JSON there, to see where the time went. */
const REPORTS = process.env.BENCH_PAGES_REPORTS;
/** BENCH_PAGES_PART=throughput or lighthouse runs one part (Lighthouse takes minutes); both by default. */
const PART = process.env.BENCH_PAGES_PART;
/** BENCH_PAGES_ONLY=home,program measures only those pages (names as in the table). */
const ONLY = process.env.BENCH_PAGES_ONLY?.split(',');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
].join(' ');

interface Run {
  performance: number;
  accessibility: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Scripts the page ran as it loaded. */
  jsBytes: number;
  jsFiles: number;
  /** JavaScript fetched into the cache after the load, for later (the app's code, not run). */
  laterJsBytes: number;
  lcpElement: string;
}

interface LighthouseJson {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fresh data folder is migrated and seeded first: up to three minutes on a busy machine.
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error(`The site did not start on ${BASE}`);
}

async function lighthouse(url: string, reportName: string, categories: string): Promise<Run> {
  const { stdout } = await exec(
    join(ROOT, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      `--only-categories=${categories}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 256 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as LighthouseJson;
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${reportName}.json`), stdout);
  }
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  const value = (name: string) => report.audits[name]?.numericValue ?? Number.NaN;
  const requests = (report.audits['network-requests']?.details?.items ?? []) as {
    url: string;
    resourceType?: string;
    transferSize?: number;
  }[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const laterScripts = requests.filter((r) => r.resourceType !== 'Script' && /\.js$/.test(new URL(r.url).pathname));
  const lcpItems = (report.audits['largest-contentful-paint-element']?.details?.items ?? []) as {
    items?: { node?: { nodeLabel?: string } }[];
  }[];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    laterJsBytes: laterScripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    lcpElement: lcpItems[0]?.items?.[0]?.node?.nodeLabel?.slice(0, 40) ?? '',
  };
}

export async function run() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html')) || !existsSync(join(ROOT, 'apps/web/dist-server'))) {
    console.log('No web build: run `npm run build -w @kikstart/web` first.');
    return;
  }
  if (PART !== 'throughput') await runLighthouse();
  if (PART !== 'lighthouse') await runThroughput();
}

async function runLighthouse() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kikstart-bench-pages-'));
  const server = await startServer(dataDir);
  try {
    const list = (await (await fetch(`${BASE}/api/programs/all-list`)).json()) as {
      data: { items: { id: string }[] };
    };
    const programId = list.data.items[0]?.id;
    const pages: [string, string][] = [
      ['home', '/'],
      ['catalog', '/programs'],
      ...(programId ? [['program', `/programs/${programId}`] as [string, string]] : []),
      ['about', '/about-us'],
      ['FAQ', '/faq'],
    ];
    console.log(`Lighthouse 12, mobile defaults, median of ${RUNS} runs, first visit, ${BASE}\n`);
    const header =
      '| page | perf | a11y | SEO | FCP | LCP | TBT | CLS | JS run on first visit | JS fetched after the load | LCP element |';
    console.log(header);
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [name, path] of pages) {
      if (ONLY && !ONLY.includes(name)) continue;
      const runs: Run[] = [];
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is made again,
      // up to twice more.
      const attempt = (report: string, categories: string) =>
        lighthouse(`${BASE}${path}`, report, categories)
          .catch(() => lighthouse(`${BASE}${path}`, report, categories))
          .catch(() => lighthouse(`${BASE}${path}`, report, categories));
      for (let i = 0; i < RUNS; i++) runs.push(await attempt(`${name}-${i + 1}`, 'performance'));
      const audits = await attempt(`${name}-audits`, 'accessibility,seo');
      const m = (pick: (r: Run) => number) => median(runs.map(pick));
      const byPerf = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
      console.log(
        `| ${name} | ${m((r) => r.performance)} | ${audits.accessibility} | ${audits.seo} | ` +
          `${(m((r) => r.fcp) / 1000).toFixed(1)} s | ${(m((r) => r.lcp) / 1000).toFixed(1)} s | ` +
          `${Math.round(m((r) => r.tbt))} ms | ${m((r) => r.cls).toFixed(3)} | ` +
          `${(m((r) => r.jsBytes) / 1024).toFixed(0)} KB in ${m((r) => r.jsFiles)} files | ` +
          `${(m((r) => r.laterJsBytes) / 1024).toFixed(0)} KB | ${byPerf.lcpElement} |`,
      );
    }
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
