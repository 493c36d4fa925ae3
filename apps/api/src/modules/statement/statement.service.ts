import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import {
  checkoutLines,
  checkouts,
  children,
  coveredChildren,
  enrollments,
  families,
  programs,
  transactions,
  users,
} from '@kikstart/db';
import { programToday } from '@kikstart/contract/schedule';
import { STATEMENT_MESSAGES } from '@kikstart/contract/statement';
import { AppError } from '../../lib/errors.ts';
import { isOneOf } from '../../lib/constant-list.ts';

export interface StatementProvider {
  name: string;
  address: string;
  taxId: string;
}

/** One paid seat: the program, its session dates, what was paid net of refunds, and when. */
export interface StatementCareLine {
  program: string;
  firstDate: string | null;
  lastDate: string | null;
  paidOn: string;
  paidCents: number;
  refundedCents: number;
  netCents: number;
}

export interface StatementChild {
  name: string;
  lines: StatementCareLine[];
  totalCents: number;
}

/** A membership charge: one payment for the plan, whichever children it covered. */
export interface StatementMembershipLine extends StatementCareLine {
  coveredChildren: string[];
}

export interface Statement {
  year: number;
  /** The day it was made, where the programs run (YYYY-MM-DD). */
  issuedOn: string;
  provider: StatementProvider;
  guardians: string[];
  children: StatementChild[];
  memberships: StatementMembershipLine[];
  familyTotalCents: number;
  currency: string;
}

/** The calendar year of a moment where the programs run (a payment at 11 pm on Dec 31 in California is that year's). */
const yearOf = (at: Date) => Number(programToday(at).slice(0, 4));

/**
 * Every paid line of the family's paid checkouts (seats and plan charges), with what was
 * refunded of it. A refund recorded without a line (a whole plan charge) counts against the
 * checkout's only line. Refunds the gateway refused are not subtracted.
 */
async function paidLines(db: Db, familyId: string) {
  const rows = await db
    .select({
      lineId: checkoutLines.id,
      checkoutId: checkouts.id,
      program: checkoutLines.programTitle,
      lineChildName: checkoutLines.childName,
      totalCents: checkoutLines.totalCents,
      paidAt: checkouts.paidAt,
      currency: checkouts.currency,
      subscriptionId: checkouts.subscriptionId,
      planId: checkouts.planId,
      firstDate: programs.firstDate,
      lastDate: programs.lastDate,
      childId: children.id,
      childFirst: children.firstName,
      childLast: children.lastName,
    })
    .from(checkoutLines)
    .innerJoin(checkouts, eq(checkouts.id, checkoutLines.checkoutId))
    .leftJoin(programs, eq(programs.id, checkoutLines.programId))
    .leftJoin(enrollments, eq(enrollments.id, checkoutLines.enrollmentId))
    .leftJoin(children, and(eq(children.id, enrollments.childId), eq(children.familyId, familyId)))
    .where(
      and(
        eq(checkouts.familyId, familyId),
        eq(checkouts.status, 'paid'),
        isNotNull(checkouts.paidAt),
        isOneOf(checkoutLines.status, ['paid', 'refunded']),
      ),
    )
    .orderBy(asc(checkouts.paidAt), asc(checkoutLines.id));
  const checkoutIds = [...new Set(rows.map((r) => r.checkoutId))];
  const refunds = checkoutIds.length
    ? await db
        .select({
          checkoutId: transactions.checkoutId,
          lineId: transactions.checkoutLineId,
          amountCents: transactions.amountCents,
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.familyId, familyId),
            eq(transactions.kind, 'refund'),
            ne(transactions.status, 'failed'),
            inArray(transactions.checkoutId, checkoutIds),
          ),
        )
    : [];
  const linesPerCheckout = new Map<string, string[]>();
  for (const r of rows) linesPerCheckout.set(r.checkoutId, [...(linesPerCheckout.get(r.checkoutId) ?? []), r.lineId]);
  const refunded = new Map<string, number>();
  for (const r of refunds) {
    const only = linesPerCheckout.get(r.checkoutId!);
    const lineId = r.lineId ?? (only?.length === 1 ? only[0]! : null);
    if (lineId) refunded.set(lineId, (refunded.get(lineId) ?? 0) + r.amountCents);
  }
  return rows.map((r) => {
    const refundedCents = Math.min(r.totalCents, refunded.get(r.lineId) ?? 0);
    return { ...r, paidAt: r.paidAt!, refundedCents, netCents: r.totalCents - refundedCents };
  });
}

type PaidLine = Awaited<ReturnType<typeof paidLines>>[number];

const careLine = (l: PaidLine): StatementCareLine => ({
  program: l.program,
  firstDate: l.firstDate,
  lastDate: l.lastDate,
  paidOn: programToday(l.paidAt),
  paidCents: l.totalCents,
  refundedCents: l.refundedCents,
  netCents: l.netCents,
});

/** The years a statement may be asked for: from the family's first year (or first payment) to this year. */
async function yearRange(db: Db, familyId: string, lines: PaidLine[], now: Date) {
  const [family] = await db.select({ createdAt: families.createdAt }).from(families).where(eq(families.id, familyId));
  const last = yearOf(now);
  const first = Math.min(last, family ? yearOf(family.createdAt) : last, ...lines.map((l) => yearOf(l.paidAt)));
  return { first, last };
}

/** GET /transaction/statement/years: the years with care paid (net of refunds), newest first. */
export async function statementYears(opts: { db: Db; familyId: string; now: Date }) {
  const lines = await paidLines(opts.db, opts.familyId);
  const years = new Set(lines.filter((l) => l.netCents > 0).map((l) => yearOf(l.paidAt)));
  return { years: [...years].filter((y) => y <= yearOf(opts.now)).sort((a, b) => b - a) };
}

/**
 * The family's care paid in `year` (by payment date, where the programs run), net of every
 * refund recorded so far: per child, seat by seat; membership charges apart, with the children
 * the membership covers, since one charge pays for all of them. Fully refunded seats are left out.
 */
export async function buildStatement(opts: {
  db: Db;
  familyId: string;
  year: number;
  now: Date;
  provider: StatementProvider;
}): Promise<Statement> {
  const { db, familyId, year } = opts;
  const all = await paidLines(db, familyId);
  const range = await yearRange(db, familyId, all, opts.now);
  if (year < range.first || year > range.last) {
    const message = STATEMENT_MESSAGES.yearOutOfRange(range.first, range.last);
    throw new AppError('VALIDATION_FAILED', message, { year: message });
  }
  const lines = all.filter((l) => yearOf(l.paidAt) === year && l.netCents > 0);
  const isPlan = (l: PaidLine) => Boolean(l.subscriptionId || l.planId);

  const byChild = new Map<string, StatementChild>();
  for (const l of lines.filter((x) => !isPlan(x))) {
    const name = l.childId ? `${l.childFirst} ${l.childLast}` : (l.lineChildName ?? 'Child (name removed)');
    const key = l.childId ?? `name:${name}`;
    const child = byChild.get(key) ?? { name, lines: [], totalCents: 0 };
    child.lines.push(careLine(l));
    child.totalCents += l.netCents;
    byChild.set(key, child);
  }

  const planLines = lines.filter(isPlan);
  const subscriptionIds = [...new Set(planLines.map((l) => l.subscriptionId).filter((id): id is string => !!id))];
  const covered = subscriptionIds.length
    ? await db
        .select({ subscriptionId: coveredChildren.subscriptionId, first: children.firstName, last: children.lastName })
        .from(coveredChildren)
        .innerJoin(children, eq(children.id, coveredChildren.childId))
        .where(and(inArray(coveredChildren.subscriptionId, subscriptionIds), eq(children.familyId, familyId)))
        .orderBy(asc(children.firstName))
    : [];
  const memberships = planLines.map((l) => ({
    ...careLine(l),
    coveredChildren: covered.filter((c) => c.subscriptionId === l.subscriptionId).map((c) => `${c.first} ${c.last}`),
  }));

  const guardians = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.familyId, familyId))
    .orderBy(asc(users.createdAt));
  return {
    year,
    issuedOn: programToday(opts.now),
    provider: opts.provider,
    guardians: guardians.map((g) => `${g.first} ${g.last}`),
    children: [...byChild.values()].sort((a, b) => a.name.localeCompare(b.name)),
    memberships,
    familyTotalCents: lines.reduce((a, l) => a + l.netCents, 0),
    currency: lines[0]?.currency ?? 'usd',
  };
}
