import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: one worker per core keeps PGlite start-up from thrashing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // The files of a worker share one module graph instead of importing the whole API again
          // for each file (import was 200 of 380 s of the PGlite pass in CI). Each file still makes
          // its own app and database (apps/api/test/test-app.ts): modules are all they share.
          // (Set per project: projects do not inherit the root's test options.)
          isolate: false,
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
