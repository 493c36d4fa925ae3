import { and, asc, eq, lte, not, or, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import { enrollments, programs } from '@kikstart/db';
import { OFFER_HOURS } from '@kikstart/contract/enrollments';
import { mailLink } from '@kikstart/contract/mail-links';
import { OFFER_STATUS, SEAT_STATUSES, UNPAID_HOLD_STATUS, WAITLIST_STATUS } from '@kikstart/contract/enrollment-status';
import { holdNeedsReminder, mailLapsedHolds, reminderWindowEnd, remindLapsingHolds } from './enrollment-holds.ts';
import { mailGuardians } from '../mail/mail.service.ts';
import { inOpenCheckout } from '../payments/open-checkout.ts';
import { isOneOf } from '../../lib/constant-list.ts';
import type { IdOrColumn } from './enrollment-rules.ts';

// Every enrollment batch and seat change takes it: built once per process (fixed-query.ts).
const programLock = fixedQuery((db, p: Placeholders<{ programId: string }>) =>
  db.select().from(programs).where(eq(programs.id, p.programId)).for('no key update'),
);

/**
 * Locks the program row for the rest of the transaction. Every write that changes who holds a
 * seat takes this lock first (program, then enrollments), so on PostgreSQL two requests for
 * the last seat serialise and lock order never inverts. `no key update`: it excludes every other
 * holder of this lock and any change to the row, but not the key-share lock that a foreign key
 * takes when a row referencing the program is inserted (a payment's checkout lines), so those
 * writes do not queue behind the program's enrollments.
 */
export async function lockProgram(tx: Db, programId: string) {
  const [row] = await programLock(tx, { programId });
  return row;
}

// The enrollment batch's lock (enrollment-batch.ts) also fixes its transaction's plans, for the
// facts statement (enrollment-batch-facts.ts): set_config(…, true) is SET LOCAL, here a column
// of the lock's statement instead of a round trip of its own before it. The rows are locked in
// id order (the lock is taken above the sort), the order every taker of several program locks
// uses, so two batches, or a batch and a payment, cannot deadlock.
const programLocksForBatch = fixedQuery((db, p: Placeholders<{ programIds: string[] }>) =>
  db
    .select({ program: programs, planned: sql`set_config('plan_cache_mode', 'force_generic_plan', true)` })
    .from(programs)
    .where(sql`${programs.id} = any(${p.programIds}::uuid[])`)
    .orderBy(programs.id)
    .for('no key update'),
);

/**
 * `lockProgram` for an enrollment batch, over every program its requests ask for, in one
 * statement: the same locks, and the rest of the transaction plans its named statements once per
 * connection (`plan_cache_mode = force_generic_plan`, local to the transaction). PostgreSQL
 * re-planned the batch's facts statement on every call otherwise: it cannot size `unnest` of a
 * parameter, so its plan for any batch looks dearer than one made for the batch at hand (2.8 ms
 * a batch, under the program lock), though it is as good. Answers the programs found, by id.
 */
export async function lockProgramsForBatch(tx: Db, programIds: string[]) {
  const rows = await programLocksForBatch(tx, { programIds });
  return new Map(rows.map((row) => [row.program.id, row.program]));
}

/** Seats held in a program (SEAT_STATUSES), as a query to await or to nest in another statement. */
export const seatsTakenQuery = (tx: Db, programId: IdOrColumn) =>
  tx
    .select({ count: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(and(eq(enrollments.programId, programId), isOneOf(enrollments.status, SEAT_STATUSES)));

export async function seatsTaken(tx: Db, programId: string): Promise<number> {
  const [row] = await seatsTakenQuery(tx, programId);
  return row?.count ?? 0;
}

/** 1-based place in the program's queue: first come by waitlisted_at (then id). */
// Outer columns are written table-qualified on purpose: Drizzle leaves columns unqualified in
// single-table selects, and inside the subquery they would then bind to `w`.
export const waitlistPositionSql = sql<number | null>`case when "enrollments"."status" = ${WAITLIST_STATUS} then (
  select count(*)::int from enrollments w
  where w.program_id = "enrollments"."program_id" and w.status = ${WAITLIST_STATUS}
    and (w.waitlisted_at, w.id) <= ("enrollments"."waitlisted_at", "enrollments"."id")) end`;

export interface SeatContext {
  publicUrl: string;
  now: Date;
}

/**
 * Offers each free seat to the next waitlisted child (one offer per free seat) for 24 hours,
 * mailing the family's guardians. Call inside a transaction that holds the program lock.
 */
export async function offerFreeSeats(tx: Db, programId: string, ctx: SeatContext): Promise<number> {
  const { now } = ctx;
  const [program] = await tx.select().from(programs).where(eq(programs.id, programId));
  if (!program) return 0;
  const free = program.capacity - (await seatsTaken(tx, programId));
  if (free <= 0) return 0;
  const next = await tx
    .select({ id: enrollments.id, familyId: enrollments.familyId })
    .from(enrollments)
    .where(and(eq(enrollments.programId, programId), eq(enrollments.status, WAITLIST_STATUS)))
    .orderBy(asc(enrollments.waitlistedAt), asc(enrollments.id))
    .limit(free)
    .for('update');
  const expires = new Date(now.getTime() + OFFER_HOURS * 3600_000);
  for (const entry of next) {
    await tx
      .update(enrollments)
      .set({ status: OFFER_STATUS, offeredAt: now, offerExpiresAt: expires, updatedAt: now })
      .where(eq(enrollments.id, entry.id));
    await mailGuardians(tx, entry.familyId, 'waitlist-offer', {
      subject: `A seat is open in ${program.title}`,
      paragraphs: [
        `Good news: a seat has opened in ${program.title} and it is being held for your child.`,
        `The offer is open for ${OFFER_HOURS} hours, until ${expires.toUTCString()}. After that it passes to the next family on the waitlist.`,
      ],
      action: { label: 'Accept the seat', url: mailLink(ctx.publicUrl, 'enrollments') },
    });
  }
  return next.length;
}

/** What the sweep ends or offers at `now` (`expireLapsedHoldsAndOffers`). */
function sweepConditions(now: Date) {
  return {
    // A seat in a payment that is still open keeps its hold (and gets no lapse mail) until the payment ends.
    lapsedHold: and(
      eq(enrollments.status, UNPAID_HOLD_STATUS),
      lte(enrollments.holdExpiresAt, now),
      not(inOpenCheckout(now)),
    ),
    lapsedOffer: and(eq(enrollments.status, OFFER_STATUS), lte(enrollments.offerExpiresAt, now)),
    // A program row (in the statement's FROM) with a waitlist and a free seat (a drop-out missed, or capacity raised by staff).
    queueWithFreeSeat: sql`exists (select 1 from enrollments w where w.program_id = "programs"."id" and w.status = ${WAITLIST_STATUS})
        and "programs"."capacity" > (select count(*) from enrollments s where s.program_id = "programs"."id"
          and ${isOneOf(sql`s.status`, SEAT_STATUSES)})`,
  };
}

/**
 * Whether the sweep has anything to do in one program at `now` (a lapsed hold or offer, a hold
 * owed its reminder, a free seat with a queue): a boolean to select from that program's row, in
 * a statement of its own or inside another (the enrollment batch's facts read it under the locks
 * for each program's row, `programId` a column there, with `now` and `soon` as placeholders).
 */
export function sweepDue(db: Db, programId: IdOrColumn, now: Date, soon = reminderWindowEnd(now)) {
  const { lapsedHold, lapsedOffer, queueWithFreeSeat } = sweepConditions(now);
  const inProgram = and(
    eq(enrollments.programId, programId),
    or(lapsedHold, lapsedOffer, holdNeedsReminder(now, undefined, soon)),
  );
  return sql<boolean>`(exists (${db.select({ id: enrollments.id }).from(enrollments).where(inProgram)}) or ${queueWithFreeSeat})`;
}

/**
 * Ends pending payments whose 30-minute hold lapsed (mailing the family) and offers nobody
 * accepted in 24 hours, then offers every free seat to the waitlist, and mails families whose
 * hold ends within 10 minutes. Runs every minute from server.ts over every program, and at the
 * start of an enrollment write for that write's program only (`programId`), so the seats it
 * counts are current without scanning the catalog on the request path.
 */
export async function expireLapsedHoldsAndOffers(opts: { db: Db; publicUrl: string; now: Date; programId?: string }) {
  const { now } = opts;
  const { lapsedHold, lapsedOffer, queueWithFreeSeat } = sweepConditions(now);
  // On a request path, one statement asks whether this program has anything due; nearly always
  // it has not, and the request goes on without the sweep's four statements.
  if (opts.programId) {
    const [row] = await opts.db
      .select({ due: sweepDue(opts.db, opts.programId, now) })
      .from(programs)
      .where(eq(programs.id, opts.programId));
    if (!row?.due) return { expired: 0, offered: 0, reminded: 0 };
  }
  const lapsedPrograms = await opts.db
    .selectDistinct({ programId: enrollments.programId })
    .from(enrollments)
    .where(and(or(lapsedHold, lapsedOffer), opts.programId ? eq(enrollments.programId, opts.programId) : undefined));
  const openWithQueue = await opts.db
    .select({ programId: programs.id })
    .from(programs)
    .where(sql`${queueWithFreeSeat} ${opts.programId ? sql`and "programs"."id" = ${opts.programId}` : sql``}`);
  const ids = new Set([...lapsedPrograms, ...openWithQueue].map((r) => r.programId));
  let expired = 0;
  let offered = 0;
  for (const programId of ids) {
    await opts.db.transaction(async (tx) => {
      await lockProgram(tx, programId);
      const end = { status: 'expired' as const, endedAt: now, updatedAt: now };
      const holds = await tx
        .update(enrollments)
        .set(end)
        .where(and(eq(enrollments.programId, programId), lapsedHold))
        .returning({ id: enrollments.id });
      const offers = await tx
        .update(enrollments)
        .set(end)
        .where(and(eq(enrollments.programId, programId), lapsedOffer))
        .returning({ id: enrollments.id });
      await mailLapsedHolds(
        tx,
        holds.map((h) => h.id),
        opts.publicUrl,
      );
      expired += holds.length + offers.length;
      offered += await offerFreeSeats(tx, programId, { publicUrl: opts.publicUrl, now });
    });
  }
  const reminded = await remindLapsingHolds(opts);
  return { expired, offered, reminded };
}
