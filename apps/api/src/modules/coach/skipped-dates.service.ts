import { and, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { programSkippedDates } from '@kikstart/db';
import { COACH_MESSAGES } from '@kikstart/contract/coach';
import { sessionDates } from '@kikstart/contract/schedule';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import { skippedDays, staffProgram } from './coach-access.ts';

/** An admin skips one of a program's session days (a holiday): it is no longer a session. */
export async function skipDate(opts: { db: Db; user: AuthUser; programId: string; day: string; reason: string }) {
  const program = await staffProgram(opts);
  if (sessionDates(program, { from: opts.day, to: opts.day }).length !== 1)
    throw new AppError('NOT_FOUND', COACH_MESSAGES.sessionNotFound, { date: COACH_MESSAGES.sessionNotFound });
  const inserted = await opts.db
    .insert(programSkippedDates)
    .values({ programId: program.id, day: opts.day, reason: opts.reason, createdBy: opts.user.id })
    .onConflictDoNothing()
    .returning({ day: programSkippedDates.day });
  if (!inserted.length)
    throw new AppError('CONFLICT', COACH_MESSAGES.alreadySkipped, { date: COACH_MESSAGES.alreadySkipped });
  return skippedDays(opts.db, program.id);
}

/** Makes a skipped day a session again. */
export async function unskipDate(opts: { db: Db; user: AuthUser; programId: string; day: string }) {
  const program = await staffProgram(opts);
  const deleted = await opts.db
    .delete(programSkippedDates)
    .where(and(eq(programSkippedDates.programId, program.id), eq(programSkippedDates.day, opts.day)))
    .returning({ day: programSkippedDates.day });
  if (!deleted.length) throw new AppError('NOT_FOUND', COACH_MESSAGES.notSkipped);
  return skippedDays(opts.db, program.id);
}

export async function listSkippedDates(opts: { db: Db; user: AuthUser; programId: string }) {
  const program = await staffProgram(opts);
  return skippedDays(opts.db, program.id);
}
