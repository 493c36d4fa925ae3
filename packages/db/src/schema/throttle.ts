import { pgTable, text, timestamp, integer, index } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the account endpoints (failed sign-ins per address and per address
 * and account, reset codes per account…). In the database, so every API process counts
 * together. `key` is a SHA-256 of the counter's kind and scope, so no email or address is stored.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [index('auth_throttle_window_idx').on(t.windowStart)],
);
