import { defineConfig } from 'vitest/config';

/**
 * The fault suite (`npm run test:faults`): real API processes, a throwaway PostgreSQL server, an
 * SMTP receiver and a payment gateway stand-in, each broken on purpose. Kept out of the root
 * vitest.config.ts projects, so the unit and API passes never start these processes.
 */
export default defineConfig({
  // Vitest's cache under .tmp, not a node_modules folder inside faults/.
  cacheDir: '../.tmp/faults/vite-cache',
  test: {
    root: import.meta.dirname,
    include: ['**/*.fault.test.ts'],
    environment: 'node',
    // One file at a time: each starts servers and measures seconds, and the machine has two cores.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 90_000,
  },
});
