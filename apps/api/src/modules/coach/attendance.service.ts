import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, pickupRefusals, programs, sessionAttendance, users } from '@kikstart/db';
import { ATTENDING_STATUSES } from '@kikstart/contract/enrollment-status';
import { CHILD_MESSAGES } from '@kikstart/contract/children';
import {
  COACH_MESSAGES,
  type AttendanceInput,
  type ChildAttendance,
  type PickupInput,
  type PickupRefusal,
} from '@kikstart/contract/coach';
import { programToday } from '@kikstart/contract/schedule';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import { sessionOn, staffProgram } from './coach-access.ts';
import { guardiansOf } from './coach.service.ts';
import { allowedPickups } from './pickup-list.ts';
import { isOneOf } from '../../lib/constant-list.ts';

/** A pickup time this far ahead of the server's clock is still "now" (a phone's clock runs fast). */
const CLOCK_SLACK_MS = 2 * 60_000;

interface SessionChildOptions {
  db: Db;
  user: AuthUser;
  programId: string;
  day: string;
  childId: string;
  now: Date;
}

/**
 * The checks every attendance write starts with: the caller sees the program, the day is one of
 * its sessions and has begun, and the child is on that session's roster.
 */
async function sessionChild(opts: SessionChildOptions) {
  const program = await staffProgram(opts);
  const session = await sessionOn({ db: opts.db, program, day: opts.day, now: opts.now });
  if (session.when === 'upcoming') throw new AppError('UNPROCESSABLE', COACH_MESSAGES.sessionNotStarted);
  const [child] = await opts.db
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
    .where(eq(children.id, opts.childId));
  const [enrolled] = child
    ? await opts.db
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(
          and(
            eq(enrollments.childId, opts.childId),
            eq(enrollments.programId, program.id),
            isOneOf(enrollments.status, ATTENDING_STATUSES),
          ),
        )
    : [];
  if (!child || (!enrolled && !child.attendance)) throw new AppError('NOT_FOUND', COACH_MESSAGES.childNotOnRoster);
  return { program, ...child };
}

export async function markAttendance(opts: SessionChildOptions & { input: AttendanceInput }) {
  const { program } = await sessionChild(opts);
  const values = {
    status: opts.input.status,
    note: opts.input.note || null,
    markedBy: opts.user.id,
    markedAt: opts.now,
  };
  await opts.db
    .insert(sessionAttendance)
    .values({ programId: program.id, childId: opts.childId, day: opts.day, ...values })
    .onConflictDoUpdate({
      target: [sessionAttendance.programId, sessionAttendance.day, sessionAttendance.childId],
      set: values,
    });
}

/**
 * Records who collected the child and when. Only a guardian or someone on the child's pickup
 * list: anyone else is refused (PICKUP_NOT_ALLOWED) and the attempt kept for the admin's list.
 */
export async function recordPickup(opts: SessionChildOptions & { input: PickupInput }) {
  const { program, child, attendance } = await sessionChild(opts);
  const guardians = (await guardiansOf(opts.db, [child.familyId])).get(child.familyId) ?? [];
  const person = allowedPickups(child, guardians).find((p) => p.id === opts.input.personId);
  if (!person) {
    await opts.db.insert(pickupRefusals).values({
      programId: program.id,
      childId: child.id,
      day: opts.day,
      personId: opts.input.personId,
      recordedBy: opts.user.id,
      at: opts.now,
    });
    throw new AppError('PICKUP_NOT_ALLOWED', COACH_MESSAGES.pickupNotAllowed);
  }
  const at = opts.input.at ? new Date(opts.input.at) : opts.now;
  if (at.getTime() > opts.now.getTime() + CLOCK_SLACK_MS)
    throw new AppError('UNPROCESSABLE', COACH_MESSAGES.pickupInFuture, { at: COACH_MESSAGES.pickupInFuture });
  if (programToday(at) !== opts.day)
    throw new AppError('UNPROCESSABLE', COACH_MESSAGES.pickupBeforeSession, { at: COACH_MESSAGES.pickupBeforeSession });
  if (attendance?.status === 'absent') throw new AppError('UNPROCESSABLE', COACH_MESSAGES.pickupWhileAbsent);
  const pickup = {
    pickedUpKind: person.kind,
    pickedUpByName: person.name,
    pickedUpByRelation: person.relation,
    pickedUpAt: at,
    pickupRecordedBy: opts.user.id,
  };
  // A child collected without a mark yet was there: the pickup marks them present.
  await opts.db
    .insert(sessionAttendance)
    .values({
      programId: program.id,
      childId: child.id,
      day: opts.day,
      status: 'present',
      markedBy: opts.user.id,
      markedAt: opts.now,
      ...pickup,
    })
    .onConflictDoUpdate({
      target: [sessionAttendance.programId, sessionAttendance.day, sessionAttendance.childId],
      set: pickup,
    });
}

/** A parent's view of their child's sessions, newest first (the coach's note stays with staff). */
export async function childAttendance(opts: { db: Db; familyId: string; childId: string }): Promise<ChildAttendance> {
  const [child] = await opts.db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, opts.childId), eq(children.familyId, opts.familyId)));
  if (!child) throw new AppError('NOT_FOUND', CHILD_MESSAGES.childNotFound);
  const rows = await opts.db
    .select({ a: sessionAttendance, programTitle: programs.title })
    .from(sessionAttendance)
    .innerJoin(programs, eq(programs.id, sessionAttendance.programId))
    .where(eq(sessionAttendance.childId, child.id))
    .orderBy(desc(sessionAttendance.day), programs.title)
    .limit(200);
  return rows.map(({ a, programTitle }) => ({
    programId: a.programId,
    programTitle,
    date: a.day,
    status: a.status,
    pickedUpBy: a.pickedUpByName !== null ? { name: a.pickedUpByName, relation: a.pickedUpByRelation ?? '' } : null,
    pickedUpAt: a.pickedUpAt?.toISOString() ?? null,
  }));
}

/** The refused pickups, newest first, for the admin to follow up. */
export async function listPickupRefusals(opts: { db: Db; limit: number }): Promise<PickupRefusal[]> {
  const rows = await opts.db
    .select({
      r: pickupRefusals,
      programTitle: programs.title,
      childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
      recordedByName: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`,
    })
    .from(pickupRefusals)
    .innerJoin(programs, eq(programs.id, pickupRefusals.programId))
    .innerJoin(children, eq(children.id, pickupRefusals.childId))
    .leftJoin(users, eq(users.id, pickupRefusals.recordedBy))
    .orderBy(desc(pickupRefusals.at))
    .limit(opts.limit);
  return rows.map(({ r, ...names }) => ({
    id: r.id,
    at: r.at.toISOString(),
    date: r.day,
    programId: r.programId,
    childId: r.childId,
    personId: r.personId,
    recordedBy: r.recordedBy,
    ...names,
  }));
}
