import { defineConfig, devices } from '@playwright/test';

// Overridable so several people (or agents) can run the suite side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
/** The built web app to serve (default apps/web/dist). */
const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR ?? '';

/**
 * Debian's `chromium-headless-shell`: the same Chromium build without the browser's own UI and
 * compositing (what Playwright itself runs for headless tests). On two cores the suite took 16%
 * less time with it than with the full `/usr/bin/chromium` (decision 0029).
 */
const E2E_CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

/**
 * The journeys run as a visitor who asks for less motion (the app then skips its transitions,
 * apps/web/src/theme/components.ts): what they check is content, state and what was stored,
 * and on two cores each transition costs frames. The landing, demo-modal and theme specs keep
 * the full motion everyone else sees, and one test checks that reduced motion is honored.
 */
const desktop = {
  ...devices['Desktop Chrome'],
  headless: true,
  viewport: { width: 1280, height: 800 },
  reducedMotion: 'reduce' as const,
};
const SITE_WIDE_CHANGES = /admin-content\.spec\.ts$/;

/**
 * End-to-end tests against one process serving the API and the built web app
 * (build first: `npm run build -w @kikstart/web`). Debian's Chromium is used because the
 * Playwright browser download is not available on these machines.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Two browsers at once (spec files in parallel, the tests of a file in order): the specs make
  // what they change and browse from their own client addresses, so they do not meet.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: BASE_URL,
    // A trace records every action's screencast and DOM: a quarter of the suite's time on two
    // cores. Kept for a retried test (CI=true), or for every failure with E2E_TRACE=on.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: desktop, testIgnore: SITE_WIDE_CHANGES },
    // Specs that change what every other spec reads (a new waiver version makes an enrollment
    // signed against the old one fail) run after all the others.
    { name: 'site-wide changes', use: desktop, testMatch: SITE_WIDE_CHANGES, dependencies: ['chromium'] },
  ],
  webServer: {
    // Fresh seeded database every run. Playwright starts webServer *before* globalSetup, so the
    // old data dir is removed here rather than in globalSetup (PGlite would already have it open).
    command: `rm -rf ${DATA_DIR} && node_modules/.bin/tsx apps/api/src/server.ts`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR,
      // Tests browse from their own addresses (e2e/fixtures.ts) through this loopback "proxy".
      TRUST_PROXY: '127.0.0.1',
      // Specs make the programs they change (POST /api/e2e-fixtures/program), so a retry starts clean.
      E2E_FIXTURES: 'true',
      // The checkout offers "Pay at the office or by check" beside the sandbox card (office-payment.spec).
      MANUAL_PAYMENTS_ALLOWED: 'true',
    },
  },
});
