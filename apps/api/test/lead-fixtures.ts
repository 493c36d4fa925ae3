import { desc, eq, sql } from 'drizzle-orm';
import {
  callBookings,
  coachApplications,
  coachRoleRequests,
  demoRequests,
  enquiries,
  mailOutbox,
  newsletterSubscribers,
  oneTimeTokens,
  schoolRequests,
} from '@kikstart/db';
import { nextIp } from './client-ip.ts';
import type { TestApp } from './test-app.ts';

export function postJson(t: TestApp, url: string, payload: unknown, remoteAddress = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    remoteAddress,
    headers: { 'content-type': 'application/json' },
  });
}

const TABLES = {
  demoRequests,
  callBookings,
  enquiries,
  schoolRequests,
  coachApplications,
  coachRoleRequests,
  newsletterSubscribers,
  oneTimeTokens,
  mailOutbox,
};

/** Row counts of every table a lead write touches, to prove a refused request changed nothing. */
export async function countRows(t: TestApp) {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
    out[name] = row!.n;
  }
  return out;
}

/** The mails with a template, newest first (by the queue's sequence, not by tied timestamps). */
export const mailsFor = (t: TestApp, template: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.template, template)).orderBy(desc(mailOutbox.seq));

export const HOSTILE = {
  unicodeName: 'Zoë Ångström-Ōkafor',
  sql: "'; drop table users; --",
  html: '<script>alert(1)</script>',
} as const;

/** Values of the wrong JSON type for a text field. */
export const WRONG_TYPES: unknown[] = [12345, [], ['a'], {}, { $ne: '' }, null, true];
