import { and, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { programSkippedDates, programs } from '@kikstart/db';
import { COACH_MESSAGES, type SessionWhen } from '@kikstart/contract/coach';
import { describeSchedule, programToday, sessionDates } from '@kikstart/contract/schedule';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import { programScheduleColumns } from '../programs/program-columns.ts';

/**
 * Who may see which program's sessions, and what a session is: the two rules every coach route
 * starts with, written once.
 */

export const staffProgramColumns = {
  id: programs.id,
  title: programs.title,
  published: programs.published,
  ...programScheduleColumns,
};
export type StaffProgram = Awaited<ReturnType<typeof staffProgram>>;

/** Admins see every program; a coach only the ones whose coach_id is theirs. */
export const seesEveryProgram = (user: AuthUser) => user.roles.includes('admin');

/**
 * The program, when `user` may see it. Someone else's program answers like a missing one (404),
 * so a coach cannot learn which program ids exist.
 */
export async function staffProgram(opts: { db: Db; user: AuthUser; programId: string }) {
  const [program] = await opts.db
    .select({ ...staffProgramColumns, coachId: programs.coachId })
    .from(programs)
    .where(eq(programs.id, opts.programId));
  if (!program || (!seesEveryProgram(opts.user) && program.coachId !== opts.user.id))
    throw new AppError('NOT_FOUND', COACH_MESSAGES.programNotFound);
  return program;
}

export const venueOf = (p: { venueName: string | null; venueAddress: string }) =>
  p.venueName ? `${p.venueName}, ${p.venueAddress}` : p.venueAddress;

export const scheduleOf = (p: StaffProgram) => describeSchedule(p.weekdays, p.startTime, p.endTime);

export const whenOf = (day: string, today: string): SessionWhen =>
  day === today ? 'today' : day > today ? 'upcoming' : 'past';

export async function skippedDays(db: Db, programId: string) {
  return db
    .select({ date: programSkippedDates.day, reason: programSkippedDates.reason })
    .from(programSkippedDates)
    .where(eq(programSkippedDates.programId, programId))
    .orderBy(programSkippedDates.day);
}

/** The session of `program` on `day`: a day of its schedule that no admin skipped; otherwise 404. */
export async function sessionOn(opts: { db: Db; program: StaffProgram; day: string; now: Date }) {
  const onSchedule = sessionDates(opts.program, { from: opts.day, to: opts.day }).length === 1;
  const [skipped] = onSchedule
    ? await opts.db
        .select({ day: programSkippedDates.day })
        .from(programSkippedDates)
        .where(and(eq(programSkippedDates.programId, opts.program.id), eq(programSkippedDates.day, opts.day)))
    : [];
  if (!onSchedule || skipped) throw new AppError('NOT_FOUND', COACH_MESSAGES.sessionNotFound);
  return { day: opts.day, when: whenOf(opts.day, programToday(opts.now)) };
}
