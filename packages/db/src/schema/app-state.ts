import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Facts about the installation itself, one row per key: `demo_seeded` means the demo content was
 * written once (packages/db/src/seed/index.ts), so it is never written again.
 */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});
