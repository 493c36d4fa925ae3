import { and, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { calendarFeeds, children, enrollments, programs, users } from '@kikstart/db';
import { PROGRAM_TIME_ZONE, sessionDates } from '@kikstart/contract/schedule';
import { ATTENDING_STATUSES, CONFIRMED_STATUS } from '@kikstart/contract/enrollment-status';
import { CALENDAR_MESSAGES, type CalendarFeed } from '@kikstart/contract/calendar';
import { AppError } from '../../lib/errors.ts';
import { newToken } from '../../lib/tokens.ts';
import { LOS_ANGELES_VTIMEZONE, escapeText, icsDocument, localDateTime, utcStamp } from './ical.ts';
import { programScheduleColumns } from '../programs/program-columns.ts';
import { isOneOf } from '../../lib/constant-list.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

/** The guardian's secret feed URL, made on first use. */
export async function getFeedUrl(opts: { db: Db; userId: string; publicUrl: string }): Promise<CalendarFeed> {
  await opts.db.insert(calendarFeeds).values({ userId: opts.userId, token: newToken() }).onConflictDoNothing();
  const [feed] = await opts.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, opts.userId));
  return { url: feedUrl(opts.publicUrl, feed!.token), createdAt: feed!.createdAt.toISOString() };
}

/** A new secret; the old URL stops working at once. */
export async function rotateFeedUrl(opts: {
  db: Db;
  now: Date;
  userId: string;
  publicUrl: string;
}): Promise<CalendarFeed> {
  const token = newToken();
  const [feed] = await opts.db
    .insert(calendarFeeds)
    .values({ userId: opts.userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: opts.now } })
    .returning();
  return { url: feedUrl(opts.publicUrl, feed!.token), createdAt: feed!.createdAt.toISOString() };
}

/**
 * Replaces the secret of the user's feed, if they have one, inside the caller's transaction.
 * A password change or reset calls it: whoever had the account (and so could copy the feed
 * URL) loses the schedule too. Returns whether a feed existed, for the mail to say so.
 */
export async function rotateFeedSecretIfAny(tx: Db, opts: { userId: string; now: Date }): Promise<boolean> {
  const rotated = await tx
    .update(calendarFeeds)
    .set({ token: newToken(), createdAt: opts.now })
    .where(eq(calendarFeeds.userId, opts.userId))
    .returning({ userId: calendarFeeds.userId });
  return rotated.length > 0;
}

/**
 * One VEVENT per session day of each confirmed or pending enrollment of the family's
 * children, in the program's local time zone.
 */
export async function renderFeed(opts: { db: Db; token: string; now: Date }): Promise<string> {
  if (!TOKEN_PATTERN.test(opts.token)) throw new AppError('NOT_FOUND', CALENDAR_MESSAGES.feedNotFound);
  const [owner] = await opts.db
    .select({ familyId: users.familyId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, opts.token));
  if (!owner) throw new AppError('NOT_FOUND', CALENDAR_MESSAGES.feedNotFound);
  const rows = owner.familyId
    ? await opts.db
        .select({
          enrollmentId: enrollments.id,
          status: enrollments.status,
          childFirstName: children.firstName,
          title: programs.title,
          ...programScheduleColumns,
        })
        .from(enrollments)
        .innerJoin(children, eq(children.id, enrollments.childId))
        .innerJoin(programs, eq(programs.id, enrollments.programId))
        .where(and(eq(enrollments.familyId, owner.familyId), isOneOf(enrollments.status, ATTENDING_STATUSES)))
    : [];
  const stamp = utcStamp(opts.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//KikStart//Family schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:KikStart family schedule',
    `X-WR-TIMEZONE:${PROGRAM_TIME_ZONE}`,
    ...LOS_ANGELES_VTIMEZONE,
  ];
  for (const r of rows) {
    const location = [r.venueName, r.venueAddress].filter(Boolean).join(', ');
    for (const day of sessionDates(r)) {
      lines.push(
        'BEGIN:VEVENT',
        `UID:${r.enrollmentId}-${day.replace(/-/g, '')}@kikstart`,
        `DTSTAMP:${stamp}`,
        `DTSTART;TZID=${PROGRAM_TIME_ZONE}:${localDateTime(day, r.startTime)}`,
        `DTEND;TZID=${PROGRAM_TIME_ZONE}:${localDateTime(day, r.endTime)}`,
        `SUMMARY:${escapeText(`${r.childFirstName} – ${r.title}`)}`,
        `LOCATION:${escapeText(location)}`,
        `STATUS:${r.status === CONFIRMED_STATUS ? 'CONFIRMED' : 'TENTATIVE'}`,
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return icsDocument(lines);
}
