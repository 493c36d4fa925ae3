import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Saves e2e/screenshots/<name>.png (full page unless told otherwise). The folder is git-ignored. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** What AxeBuilder evaluates as "axe's source" once `expectNoA11yViolations` has loaded it. */
const AXE_ALREADY_LOADED = ';';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
const BLOCKING: Impact[] = ['serious', 'critical'];

/** Runs axe on the page and fails on serious or critical violations, listing each readably. */
export async function expectNoA11yViolations(page: Page, label: string) {
  // Colours are checked once the page has settled: a chip or a list caught mid-transition (a
  // fade after a save) has colours it never rests on. Endless animations (spinners, skeletons)
  // are not waited for; a page that keeps moving is checked as it is after 5 s.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // Legacy mode runs axe in the page itself. The default mode also opens a blank page to gather
  // each frame's partial results: about 1 s more per check on two cores, and the whole suite 12.5
  // minutes instead of 10.2 (decision 0029). Legacy mode does not reach into frames from another
  // origin; the app has no frames, so both modes check the same nodes.
  // AxeBuilder evaluates axe's 1.3 MB source twice per check (once to look for runPartial, once
  // more to run in legacy mode): 110-340 ms each on two cores. Axe is loaded here once per
  // document instead, and the builder is given a no-op script in its place. A check after a
  // client-side navigation finds axe already there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await new AxeBuilder({ page, axeSource: AXE_ALREADY_LOADED })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  const blocking = results.violations.filter((v) => BLOCKING.includes(v.impact as Impact));
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      - ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
  expect(blocking, `Accessibility violations on ${label}:\n${report}`).toEqual([]);
}

interface Fixtures {
  /** Auto: fails the test on uncaught page errors and console errors (e.g. CSP violations). */
  failOnConsoleErrors: void;
  /** Calls `expectNoA11yViolations(page, label)` for the test's page. */
  checkA11y: (label: string) => Promise<void>;
  /** Calls `shot(page, name)` for the test's page. */
  takeShot: (name: string, options?: { fullPage?: boolean }) => Promise<void>;
}

/**
 * Each test (and each retry) browses from its own client address, as separate families do, so
 * the API's per-IP limits apply per journey rather than to the whole suite. The e2e server
 * trusts X-Forwarded-For from loopback only (TRUST_PROXY in playwright.config.ts).
 */
function clientAddressFor(testId: string, retry: number) {
  let hash = 0;
  for (const ch of `${testId}#${retry}`) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

/**
 * Makes `page.goto` and `page.reload` return once the page has hydrated (`<html data-hydrated>`,
 * apps/web/src/app/layouts/hydration-marker.tsx),
 * as a person sees a page before using it: a public page arrives as server HTML, which ignores
 * keys and clicks until its scripts run. Pages that are not the app (no #root) are not waited for.
 * A server-rendered page becomes the app once it has loaded, or sooner when the visitor reaches
 * for it (apps/web/src/main.tsx), so the mouse moves over the page first, as a person's does.
 */
export function waitForAppOnNavigation(page: Page) {
  let corner = 0;
  const ready = () =>
    page.mouse
      .move(1 + (corner = 1 - corner), 1)
      .then(() =>
        page.waitForFunction(
          () => !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
          undefined,
          // A page that failed to render (an error screen) never marks itself: go on after a while.
          { timeout: 15_000 },
        ),
      )
      .then(() => undefined)
      .catch(() => undefined);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForAppOnNavigation(page);
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressFor(testInfo.testId, testInfo.retry) });
  },
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (msg) => {
        // HTTP error statuses are part of some tests (e.g. a 401); the app handles them.
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
          problems.push(`console error: ${msg.text()}`);
      });
      await use();
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
  checkA11y: async ({ page }, use) => {
    await use((label) => expectNoA11yViolations(page, label));
  },
  takeShot: async ({ page }, use) => {
    await use((name, options) => shot(page, name, options));
  },
});

export { expect };

/** The cookie that records a finished first visit; without it the demo modal opens (spec §2, §4). */
export const FIRST_TIME_COOKIE = 'kikstart_first_time';

/** For journeys that are not about the demo modal: behave like a returning visitor. */
export async function skipFirstVisitDemo(page: Page) {
  const baseURL = test.info().project.use.baseURL ?? 'http://127.0.0.1:3210';
  await page.context().addCookies([{ name: FIRST_TIME_COOKIE, value: 'false', url: baseURL }]);
}
