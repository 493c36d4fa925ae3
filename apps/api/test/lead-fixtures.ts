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
import type { TestApp } from './test-app.ts';

let ipCounter = 0;
/** A fresh client address per call, so the per-IP rate limits only bite where a test wants them. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export function postJson(t: TestApp, url: string, payload: unknown, remoteAddress = nextIp()) {
  return t.app.inject({ method: 'POST', url, payload: payload as never, remoteAddress, headers: { 'content-type': 'application/json' } });
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

/** The newest mails with a template, newest first. */
export const mailsFor = (t: TestApp, template: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.template, template)).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));

export const HOSTILE = {
  unicodeName: 'Zoë Ångström-Ōkafor',
  sql: "'; drop table users; --",
  html: '<script>alert(1)</script>',
} as const;

/** Values of the wrong JSON type for a text field. */
export const WRONG_TYPES: unknown[] = [12345, [], ['a'], {}, { $ne: '' }, null, true];
