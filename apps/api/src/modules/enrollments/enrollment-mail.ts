import { eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, programs } from '@kikstart/db';
import { OFFER_HOURS } from '@kikstart/contract/enrollments';
import { mailLink } from '@kikstart/contract/mail-links';
import {
  PROGRAM_TIME_ZONE,
  describeSchedule,
  formatSessionDay,
  sessionDates,
  todayIn,
} from '@kikstart/contract/schedule';
import type { MailContent } from '../mail/mail-layout.ts';
import { mailGuardians } from '../mail/mail.service.ts';
import type { MailToMany } from '../mail/mail.service.ts';
import { waitlistPositionSql } from './enrollment-seats.ts';

/**
 * The mails that close the loop after a family's own enrollment change (a drop-out, a waitlist
 * place). Their words live here and only here: the `...Text` functions build each mail from the
 * enrollment's facts, and `mailGuardians` sends it to every guardian in the caller's
 * transaction, so the mail exists exactly when the change does.
 */

/** The child and program facts a mail needs, read in the caller's transaction. */
export interface EnrollmentMailFacts {
  familyId: string;
  childName: string;
  programTitle: string;
  weekdays: number[];
  startTime: string;
  endTime: string;
  firstDate: string;
  lastDate: string;
  venue: string;
  waitlistPosition: number | null;
}

/** A long program lists this many dates, then says how many more follow. */
const LISTED_SESSIONS = 10;

/** 'Mondays 3:15 pm–4:15 pm at Lincoln Elementary, 1 Main St.' and the sessions from today on. */
function sessionsText(f: EnrollmentMailFacts, now: Date, intro: string): string[] {
  const today = todayIn(PROGRAM_TIME_ZONE, now);
  const days = sessionDates(f, { from: today, to: f.lastDate });
  const where = `${describeSchedule(f.weekdays, f.startTime, f.endTime)} at ${f.venue}.`;
  if (days.length === 0) return [`${f.programTitle} met ${where} It has no sessions left.`];
  const listed = days.slice(0, LISTED_SESSIONS).map(formatSessionDay);
  const more = days.length - listed.length;
  return [
    `${f.programTitle} meets ${where}`,
    `${intro} (${days.length} ${days.length === 1 ? 'session' : 'sessions'}): ${listed.join('; ')}${
      more ? `; and ${more} more through ${formatSessionDay(days.at(-1)!)}` : ''
    }.`,
  ];
}

export type DropOutRefund = 'refunded' | 'requested' | null;

/** After a drop-out: what ended, what happens to the money, and the sessions no longer attended. */
export function dropOutMailText(
  f: EnrollmentMailFacts,
  opts: { wasWaiting: boolean; refund: DropOutRefund; now: Date; publicUrl: string },
): MailContent {
  const refund = {
    refunded:
      'What you paid for this seat is refunded in full to the card you paid with. Refunds usually appear within 5 to 10 business days.',
    requested:
      'The program has already started, so your refund request has gone to our staff. They will reply by email once they have reviewed it.',
  } as const;
  return {
    subject: opts.wasWaiting
      ? `${f.childName} has left the waitlist for ${f.programTitle}`
      : `${f.childName} has dropped out of ${f.programTitle}`,
    paragraphs: [
      opts.wasWaiting
        ? `As you asked, ${f.childName} is no longer on the waitlist for ${f.programTitle}.`
        : `As you asked, ${f.childName} is no longer enrolled in ${f.programTitle}, and the seat goes to the next family.`,
      ...(opts.refund ? [refund[opts.refund]] : []),
      ...sessionsText(f, opts.now, `These sessions are off ${f.childName}’s schedule`),
      'Changed your mind? You can enroll again from the program page while seats are open.',
    ],
    action: { label: 'See my enrollments', url: mailLink(opts.publicUrl, 'enrollments') },
  };
}

/** After joining a waitlist: the place in the queue, what happens when a seat opens, and the dates. */
export function waitlistMailText(f: EnrollmentMailFacts, opts: { now: Date; publicUrl: string }): MailContent {
  return {
    subject: `${f.childName} is on the waitlist for ${f.programTitle}`,
    paragraphs: [
      `${f.childName} is number ${f.waitlistPosition ?? 1} on the waitlist for ${f.programTitle}. Nothing is charged while you wait.`,
      `When a seat opens, we email you and hold it for ${OFFER_HOURS} hours for you to accept; after that it passes to the next family.`,
      ...sessionsText(f, opts.now, 'The sessions still to come'),
    ],
    action: { label: 'See my enrollments', url: mailLink(opts.publicUrl, 'enrollments') },
  };
}

/** Where a program meets, for a mail: 'Mission Recreation Center, 1 Main St.' or the address alone. */
export const venueSql = sql<string>`coalesce(${programs.venueName} || ', ' || ${programs.venueAddress}, ${programs.venueAddress})`;

/** The facts of one enrollment for its mail (its waitlist place is counted under the caller's lock). */
export async function enrollmentMailFacts(tx: Db, enrollmentId: string): Promise<EnrollmentMailFacts | undefined> {
  const [row] = await tx
    .select({
      familyId: enrollments.familyId,
      childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
      programTitle: programs.title,
      weekdays: programs.weekdays,
      startTime: programs.startTime,
      endTime: programs.endTime,
      firstDate: programs.firstDate,
      lastDate: programs.lastDate,
      venue: venueSql,
      waitlistPosition: waitlistPositionSql,
    })
    .from(enrollments)
    .innerJoin(children, eq(children.id, enrollments.childId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .where(eq(enrollments.id, enrollmentId));
  return row;
}

interface MailContext {
  enrollmentId: string;
  now: Date;
  publicUrl: string;
}

/**
 * The family joined a waitlist: the mail to its guardians, from the facts the caller read under
 * its program lock (the enrollment batch reads them in the statement that counts the seats and
 * queues a whole batch's mails in one statement).
 */
export function waitlistJoinedMail(
  to: string[],
  facts: EnrollmentMailFacts,
  ctx: Omit<MailContext, 'enrollmentId'>,
): MailToMany {
  return { to, template: 'waitlist-joined', content: waitlistMailText(facts, ctx) };
}

/** The family dropped out (of a seat or a waitlist): call in the transaction that ended it. */
export async function mailDroppedOut(tx: Db, ctx: MailContext & { wasWaiting: boolean; refund: DropOutRefund }) {
  const facts = await enrollmentMailFacts(tx, ctx.enrollmentId);
  if (facts) await mailGuardians(tx, facts.familyId, 'drop-out', dropOutMailText(facts, ctx));
}
