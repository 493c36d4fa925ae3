/**
 * `npm run bench -- first-tap`: what a visitor's first tap on a public page costs on a mid-range
 * phone. Debian's Chromium through Playwright, a 412×823 touch profile with the CPU slowed 4×
 * (DevTools protocol), a fresh browser context for every run. For each row it taps as soon as the
 * page has loaded ("first") and, in the same run, on a page whose app is already running
 * ("warm"), and prints the median time from the tap to the visible response, and whether what the
 * visitor did was still there once the app had taken over.
 * Build first: `npm run build -w @kikstart/web`. BENCH_TAP_RUNS (default 5), BENCH_TAP_ONLY=<row
 * names, comma-separated> to measure a few rows.
 */
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { median } from './lib.ts';
import { hasWebBuild, startSite } from './site-server.ts';

const PORT = Number(process.env.BENCH_TAP_PORT ?? 3324);
const RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5);
const ONLY = process.env.BENCH_TAP_ONLY?.split(',');
const CPU_SLOWDOWN = 4;

interface Row {
  name: string;
  path: string | ((base: string) => Promise<string>);
  /** A first visit: the demo modal comes open with the page (spec §4). */
  firstVisit?: boolean;
  /** Steps before the measured tap that are not measured (done on the warm page only). */
  before?: (page: Page) => Promise<void>;
  tap: (page: Page) => Promise<void>;
  /** A JavaScript expression, evaluated in the page every frame after the tap: true once the response is visible. */
  shown: string;
  /** Checked once the app runs: the visitor's input is still what they made it. */
  kept?: (page: Page) => Promise<boolean>;
}

/** The element is there and laid out, not hidden. */
const visible = (selector: string) =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)}); if (!el) return false;` +
  ` const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden'; })()`;

/** Error texts under fields (MUI's helper text in its error state), at least `count` of them. */
const errorsShown = (count: number) =>
  `document.querySelectorAll('.MuiFormHelperText-root.Mui-error').length >= ${count}`;

const checked = (selector: string) => `Boolean(document.querySelector(${JSON.stringify(selector)})?.checked)`;

const radio = (scope: Pick<Page, 'getByRole'>, label: string) => scope.getByRole('radio', { name: label, exact: true });

const ROWS: Row[] = [
  {
    name: 'home: Request A Free Demo',
    path: '/',
    tap: (page) => page.getByRole('main').getByRole('button', { name: 'Request A Free Demo' }).first().tap(),
    shown: visible('[role="dialog"] form'),
  },
  {
    name: 'home: theme toggle',
    path: '/',
    tap: (page) => page.getByRole('button', { name: /^Switch to (dark|light) mode$/ }).tap(),
    shown: 'getComputedStyle(document.body).backgroundColor !== window.__bg',
  },
  {
    name: 'home: mobile menu',
    path: '/',
    tap: (page) => page.getByRole('button', { name: 'Open navigation menu' }).tap(),
    shown: visible('#site-nav-drawer .MuiDrawer-paper'),
  },
  {
    name: 'first visit: demo submit, empty',
    path: '/',
    firstVisit: true,
    tap: (page) => page.getByRole('dialog').getByRole('button', { name: 'Request my free demo' }).tap(),
    shown: errorsShown(6),
    kept: async (page) => (await page.getByRole('dialog').locator('.MuiFormHelperText-root.Mui-error').count()) >= 6,
  },
  {
    name: 'first visit: demo "2 pm"',
    path: '/',
    firstVisit: true,
    tap: (page) => radio(page.getByRole('dialog'), '2 pm').tap(),
    shown: checked('[role="dialog"] input[value="2 pm"]'),
    kept: async (page) => {
      await page.waitForTimeout(2000);
      return page.getByRole('dialog').getByRole('radio', { name: '2 pm', exact: true }).isChecked();
    },
  },
  {
    name: 'catalog: Filters',
    path: '/programs',
    tap: (page) => page.getByRole('button', { name: /^Filters/ }).tap(),
    shown: visible('#catalog-filters'),
  },
  {
    name: 'catalog: a filter choice',
    path: '/programs',
    before: (page) => page.getByRole('button', { name: /^Filters/ }).tap(),
    tap: (page) => page.locator('#catalog-filters [role="combobox"]').first().tap(),
    shown: visible('[role="listbox"]'),
  },
  {
    name: 'program: Enroll, signed out',
    path: async (base) => {
      const list = (await (await fetch(`${base}/api/programs/all-list`)).json()) as {
        data: { items: { id: string }[] };
      };
      return `/programs/${list.data.items[0]!.id}`;
    },
    tap: (page) =>
      page
        .getByRole('link', { name: /^(Enroll|Join the waitlist)$/ })
        .first()
        .tap(),
    shown: "location.pathname.startsWith('/auth/') && Boolean(document.querySelector('main h1'))",
  },
  {
    name: 'book a call: a time slot',
    path: '/book-a-call',
    tap: (page) => radio(page, '3 pm').tap(),
    shown: checked('main input[value="3 pm"]'),
    kept: async (page) => {
      await page.waitForTimeout(1000);
      return page.getByRole('radio', { name: '3 pm', exact: true }).isChecked();
    },
  },
  {
    name: 'book a call: submit, empty',
    path: '/book-a-call',
    tap: (page) => page.getByRole('button', { name: 'Book my call' }).tap(),
    shown: errorsShown(3),
    kept: async (page) => (await page.locator('main .MuiFormHelperText-root.Mui-error').count()) >= 3,
  },
  {
    name: 'school form: submit, empty',
    path: '/bring-kikstart-to-my-school',
    tap: (page) => page.getByRole('button', { name: 'Send request' }).tap(),
    shown: errorsShown(3),
    kept: async (page) => (await page.locator('main .MuiFormHelperText-root.Mui-error').count()) >= 3,
  },
];

async function phone(browser: Browser, base: string, firstVisit: boolean) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    baseURL: base,
    // The bench's watcher evaluates each row's expression in the page, which the site's CSP (no
    // eval) would refuse; the page's own scripts are the same either way.
    bypassCSP: true,
  });
  if (!firstVisit) await context.addCookies([{ name: 'kikstart_first_time', value: 'false', url: base }]);
  // The tap's moment, taken in the page: the first pointerdown after the mark is set.
  await context.addInitScript(
    `addEventListener('pointerdown', () => { if (window.__armed && window.__tapAt === undefined) window.__tapAt = performance.now(); }, true);`,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * Taps and returns the time from the tap (its pointerdown) to the first frame that shows the
 * response, both taken in the page: a watcher checks the row's expression every frame from
 * before the tap, so the bench's own round trips are not counted.
 */
async function measureTap(page: Page, row: Row): Promise<number> {
  // A navigation replaces the page and its clock: the tap's moment is kept in the session.
  const navigates = row.name.startsWith('program:');
  // A string, not a function: the bench's compiler would wrap a function's inner names in a
  // helper the page does not have.
  await page.evaluate(`{
    window.__tapAt = undefined;
    window.__shownAt = undefined;
    window.__armed = true;
    window.__bg = getComputedStyle(document.body).backgroundColor;
    if (${navigates}) {
      window.addEventListener('pointerdown', () => sessionStorage.setItem('tapAt', String(performance.timeOrigin + performance.now())), { capture: true, once: true });
    } else {
      const watch = () => {
        if (window.__tapAt !== undefined && (${row.shown})) window.__shownAt = performance.now();
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }
  }`);
  await row.tap(page);
  if (navigates) {
    await page.waitForFunction(row.shown, undefined, { polling: 'raf', timeout: 30_000 });
    return page.evaluate(() => performance.timeOrigin + performance.now() - Number(sessionStorage.getItem('tapAt')));
  }
  await page.waitForFunction('window.__shownAt !== undefined', undefined, { timeout: 30_000 });
  return page.evaluate<number>('window.__shownAt - window.__tapAt');
}

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });

/** The page once its app is running: reached for (the app wakes on intent) and hydrated. */
async function wake(page: Page) {
  await page.mouse.move(5, 5);
  await page.mouse.move(6, 6);
  await hydrated(page);
  // What the app loads once it runs (the likely parts, at idle) has arrived too.
  await page.waitForTimeout(1500);
}

/** One run of a row: the first tap on a fresh visit, then the same tap on a running page. */
async function runRow(browser: Browser, base: string, row: Row, path: string): Promise<RunResult> {
  const first = await phone(browser, base, Boolean(row.firstVisit));
  let firstMs = Number.POSITIVE_INFINITY;
  let kept = false;
  try {
    await first.page.goto(path, { waitUntil: 'load' });
    // A step before the measured tap is itself a first tap: the row then measures the next one,
    // as soon as the first has been answered.
    if (row.before) await row.before(first.page);
    firstMs = await measureTap(first.page, row);
    await hydrated(first.page);
    kept = row.kept ? await row.kept(first.page) : true;
  } catch (error) {
    // A response that never showed is the worst first tap there is: counted, not skipped.
    console.error(`  ${row.name}, first tap: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await first.context.close();
  }
  const warm = await phone(browser, base, Boolean(row.firstVisit));
  let warmMs = Number.NaN;
  try {
    await warm.page.goto(path, { waitUntil: 'load' });
    await wake(warm.page);
    if (row.before) await row.before(warm.page);
    warmMs = await measureTap(warm.page, row);
  } catch (error) {
    console.error(`  ${row.name}, warm tap: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await warm.context.close();
  }
  return { firstMs, warmMs, kept };
}

interface RunResult {
  firstMs: number;
  warmMs: number;
  kept: boolean;
}

export async function run() {
  if (!hasWebBuild()) {
    console.log('No web build: run `npm run build -w @kikstart/web` first.');
    return;
  }
  const site = await startSite({ port: PORT });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    console.log(
      `First tap on a phone (412×823 touch, CPU ${CPU_SLOWDOWN}× slower), median of ${RUNS} runs, ${site.base}`,
    );
    console.log(
      'first: tapped as soon as the page has loaded, on a fresh visit; warm: the same tap once the app runs.\n',
    );
    console.log('| row | first tap | warm tap | first − warm | input kept |');
    console.log('|---|---|---|---|---|');
    for (const row of ROWS) {
      if (ONLY && !ONLY.some((name) => row.name.includes(name))) continue;
      const path = typeof row.path === 'string' ? row.path : await row.path(site.base);
      const runs: RunResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runRow(browser, site.base, row, path));
      const first = median(runs.map((r) => r.firstMs));
      const warm = median(runs.map((r) => r.warmMs).filter((ms) => !Number.isNaN(ms)));
      const keptCount = runs.filter((r) => r.kept).length;
      const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'never');
      console.log(
        `| ${row.name} | ${ms(first)} | ${ms(warm)} | ${ms(first - warm)} | ${row.kept ? `${keptCount} of ${RUNS}` : '–'} |`,
      );
    }
  } finally {
    await browser?.close();
    await site.stop();
  }
}
