import { and, eq, inArray, or, sql, exists, asc } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, programSkippedDates, programs, sessionAttendance, users } from '@kikstart/db';
import { ATTENDING_STATUSES } from '@kikstart/contract/enrollment-status';
import { ageOn, gradeLabel } from '@kikstart/contract/children';
import { YES } from '@kikstart/contract/common';
import type { CoachProgram, CoachSessions, Roster, RosterChild } from '@kikstart/contract/coach';
import { programToday, sessionDates } from '@kikstart/contract/schedule';
import type { AuthUser } from '../auth/sessions.service.ts';
import {
  scheduleOf,
  seesEveryProgram,
  sessionOn,
  skippedDays,
  staffProgram,
  staffProgramColumns,
  venueOf,
  whenOf,
  type StaffProgram,
} from './coach-access.ts';
import { allowedPickups } from './pickup-list.ts';
import { isOneOf } from '../../lib/constant-list.ts';

/** The programs a coach coaches (every program for an admin), the ones running today first. */
export async function listCoachPrograms(opts: { db: Db; user: AuthUser; now: Date }): Promise<CoachProgram[]> {
  const rows = await opts.db
    .select({ ...staffProgramColumns, coachId: programs.coachId })
    .from(programs)
    .where(seesEveryProgram(opts.user) ? undefined : eq(programs.coachId, opts.user.id))
    .orderBy(asc(programs.firstDate), asc(programs.title));
  const counts = await rosterCounts(
    opts.db,
    rows.map((r) => r.id),
  );
  // One query for every listed program's skipped days, not one per program.
  const skipped = rows.length
    ? await opts.db
        .select({ programId: programSkippedDates.programId, date: programSkippedDates.day })
        .from(programSkippedDates)
        .where(
          inArray(
            programSkippedDates.programId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const today = programToday(opts.now);
  const list = rows.map((row) =>
    toCoachProgram(
      row,
      today,
      counts.get(row.id) ?? 0,
      skipped.filter((s) => s.programId === row.id),
    ),
  );
  // Today's sessions first, then the season still running, then the ones that are over.
  const rank = (p: CoachProgram) => (p.todaySession ? 0 : p.nextSession ? 1 : 2);
  return list.sort((a, b) => rank(a) - rank(b));
}

/** A program's sessions: today's first, then upcoming (soonest first), then past (latest first). */
export async function listSessions(opts: {
  db: Db;
  user: AuthUser;
  programId: string;
  now: Date;
}): Promise<CoachSessions> {
  const program = await staffProgram(opts);
  const skipped = await skippedDays(opts.db, program.id);
  const counts = await rosterCounts(opts.db, [program.id]);
  const today = programToday(opts.now);
  const skippedSet = new Set(skipped.map((s) => s.date));
  const days = sessionDates(program).filter((d) => !skippedSet.has(d));
  const sessions = [
    ...days.filter((d) => d === today),
    ...days.filter((d) => d > today),
    ...days.filter((d) => d < today).reverse(),
  ].map((date) => ({ date, when: whenOf(date, today) }));
  return { program: toCoachProgram(program, today, counts.get(program.id) ?? 0, skipped), sessions, skipped };
}

/**
 * A session's roster: the children attending the program (enrolled or holding a seat), and any
 * child already marked for that day (a past session keeps the children it had), with what a
 * coach needs at the field. Medical data: the route is audited with the children's ids.
 */
export async function getRoster(opts: {
  db: Db;
  user: AuthUser;
  programId: string;
  day: string;
  now: Date;
}): Promise<Roster> {
  const program = await staffProgram(opts);
  const session = await sessionOn({ db: opts.db, program, day: opts.day, now: opts.now });
  const attending = exists(
    opts.db
      .select({ one: sql`1` })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.childId, children.id),
          eq(enrollments.programId, program.id),
          isOneOf(enrollments.status, ATTENDING_STATUSES),
        ),
      ),
  );
  const rows = await opts.db
    .select({ child: children, attendance: sessionAttendance })
    .from(children)
    .leftJoin(
      sessionAttendance,
      and(
        eq(sessionAttendance.childId, children.id),
        eq(sessionAttendance.programId, program.id),
        eq(sessionAttendance.day, opts.day),
      ),
    )
    .where(or(attending, sql`${sessionAttendance.id} is not null`))
    .orderBy(asc(children.lastName), asc(children.firstName));
  const guardians = await guardiansOf(
    opts.db,
    rows.map((r) => r.child.familyId),
  );
  return {
    program: { id: program.id, title: program.title, schedule: scheduleOf(program), venue: venueOf(program) },
    date: session.day,
    when: session.when,
    children: rows.map(({ child, attendance }): RosterChild => ({
      id: child.id,
      firstName: child.firstName,
      lastName: child.lastName,
      gradeLabel: gradeLabel(child.grade),
      age: ageOn(child.dateOfBirth, opts.day),
      hasAllergies: child.allergies === YES,
      allergyDetails: child.allergies === YES ? child.allergyDetails : null,
      medicalNotes: child.medicalNotes || null,
      emergencyContacts: child.emergencyContacts,
      pickupList: allowedPickups(child, guardians.get(child.familyId) ?? []),
      photoConsent: child.photoConsent === YES,
      attendance: attendance
        ? {
            status: attendance.status,
            note: attendance.note,
            pickedUpBy:
              attendance.pickedUpByName !== null
                ? { name: attendance.pickedUpByName, relation: attendance.pickedUpByRelation ?? '' }
                : null,
            pickedUpAt: attendance.pickedUpAt?.toISOString() ?? null,
          }
        : null,
    })),
  };
}

export type Guardian = { id: string; firstName: string; lastName: string; phone: string | null };

/** The accounts of each family: a child's guardians. */
export async function guardiansOf(db: Db, familyIds: string[]) {
  const byFamily = new Map<string, Guardian[]>();
  if (!familyIds.length) return byFamily;
  const rows = await db
    .select({
      id: users.id,
      familyId: users.familyId,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.familyId, [...new Set(familyIds)]))
    .orderBy(asc(users.createdAt));
  for (const { familyId, ...g } of rows) byFamily.set(familyId!, [...(byFamily.get(familyId!) ?? []), g]);
  return byFamily;
}

async function rosterCounts(db: Db, programIds: string[]) {
  if (!programIds.length) return new Map<string, number>();
  const rows = await db
    .select({ programId: enrollments.programId, n: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(inArray(enrollments.programId, programIds), isOneOf(enrollments.status, ATTENDING_STATUSES)))
    .groupBy(enrollments.programId);
  return new Map(rows.map((r) => [r.programId, r.n]));
}

function toCoachProgram(
  program: StaffProgram,
  today: string,
  rosterCount: number,
  skipped: { date: string }[],
): CoachProgram {
  const skippedSet = new Set(skipped.map((s) => s.date));
  const ahead = sessionDates(program, { from: today, to: program.lastDate }).filter((d) => !skippedSet.has(d));
  return {
    id: program.id,
    title: program.title,
    schedule: scheduleOf(program),
    venue: venueOf(program),
    firstDate: program.firstDate,
    lastDate: program.lastDate,
    todaySession: ahead[0] === today ? today : null,
    nextSession: ahead.find((d) => d > today) ?? null,
    rosterCount,
    published: program.published,
  };
}
