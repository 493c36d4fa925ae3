import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import {
  children,
  enrollments,
  families,
  membershipPlans,
  programs,
  subscriptions,
  transactions,
  users,
} from '@kikstart/db';
import {
  ADMIN_ACCOUNT_MESSAGES,
  ADMIN_FAMILY_TRANSACTIONS,
  type AdminAccountRow,
  type AdminFamily,
  type adminAccountsQuerySchema,
} from '@kikstart/contract/admin-families';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { z } from 'zod';
import { containsPattern, orderFrom, pageWindow } from '../../lib/admin-list.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileUrls } from '../../lib/signed-urls.ts';
import { toChild } from '../children/children.service.ts';
import { accountStatus } from '../auth/staff-roles.service.ts';

type AccountsQuery = z.output<typeof adminAccountsQuerySchema>;

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
/**
 * The outer row's family, spelled out: drizzle writes a column of a one-table select without its
 * table, and inside a subquery on children a bare "family_id" would mean the child's own.
 */
const USERS_FAMILY_ID = sql.raw('"users"."family_id"');
/** A phone searched by its digits, whatever punctuation it was typed or stored with. */
const MIN_PHONE_DIGITS = 3;

/** Name, email, phone (by digits) or the name of a child in the account's family. */
function searchCondition(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(fullName, pattern),
    ilike(users.email, pattern),
    digits.length >= MIN_PHONE_DIGITS
      ? sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
    sql`exists (select 1 from children c where c.family_id = ${USERS_FAMILY_ID}
      and (c.first_name || ' ' || c.last_name) ilike ${pattern})`,
  );
}

/**
 * GET /admin/families: every account, parents and staff without a family alike (the staff filter
 * finds those), searched, sorted and paged on the server, with their family's children by name.
 */
export async function listAccounts(opts: { db: Db; query: AccountsQuery }): Promise<AdminPage<AdminAccountRow>> {
  const { db, query } = opts;
  const where = and(
    query.q ? searchCondition(query.q) : undefined,
    query.kind === 'families' ? isNotNull(users.familyId) : undefined,
    query.kind === 'staff' ? sql`cardinality(${users.staffRoles}) > 0` : undefined,
  );
  const childNames = sql<string[]>`coalesce((select array_agg(c.first_name || ' ' || c.last_name order by c.created_at)
    from children c where c.family_id = ${USERS_FAMILY_ID}), '{}')`;
  const order = orderFrom(
    query.sort,
    {
      name: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
      email: users.email,
      createdAt: users.createdAt,
    },
    sql`lower(${users.lastName}), lower(${users.firstName}), ${users.id}`,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        familyId: users.familyId,
        staffRoles: users.staffRoles,
        deactivatedAt: users.deactivatedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        createdAt: users.createdAt,
        children: childNames,
      })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...accountStatus(r),
      familyId: r.familyId,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      phone: r.phone,
      children: r.children,
      createdAt: r.createdAt.toISOString(),
    })),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * GET /admin/families/:familyId: guardians, children with their medical details, enrollments,
 * the latest transactions and the membership. The route logs the read (children's medical data).
 */
export async function getFamily(opts: {
  db: Db;
  now: Date;
  fileUrls: FileUrls;
  familyId: string;
}): Promise<AdminFamily> {
  const { db, familyId } = opts;
  const [family] = await db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw new AppError('NOT_FOUND', ADMIN_ACCOUNT_MESSAGES.familyNotFound);
  const [guardians, kids, seats, payments, [membership]] = await Promise.all([
    db.select().from(users).where(eq(users.familyId, familyId)).orderBy(asc(users.createdAt)),
    db.select().from(children).where(eq(children.familyId, familyId)).orderBy(asc(children.createdAt)),
    db
      .select({
        id: enrollments.id,
        childId: enrollments.childId,
        childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
        programId: enrollments.programId,
        programTitle: programs.title,
        status: enrollments.status,
        priceCents: enrollments.priceCents,
        currency: enrollments.currency,
        coveredByMembership: enrollments.coveredByMembership,
        createdAt: enrollments.createdAt,
      })
      .from(enrollments)
      .innerJoin(children, eq(children.id, enrollments.childId))
      .innerJoin(programs, eq(programs.id, enrollments.programId))
      .where(eq(enrollments.familyId, familyId))
      .orderBy(desc(enrollments.createdAt)),
    db
      .select()
      .from(transactions)
      .where(eq(transactions.familyId, familyId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(ADMIN_FAMILY_TRANSACTIONS),
    db
      .select({
        id: subscriptions.id,
        planName: membershipPlans.name,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        coveredChildIds: sql<
          string[]
        >`coalesce((select array_agg(cc.child_id::text) from covered_children cc where cc.subscription_id = "subscriptions"."id"), '{}')`,
      })
      .from(subscriptions)
      .innerJoin(membershipPlans, eq(membershipPlans.id, subscriptions.planId))
      .where(eq(subscriptions.familyId, familyId))
      // The live one when there is one, else the latest.
      .orderBy(sql`${subscriptions.status} = 'ended'`, desc(subscriptions.createdAt))
      .limit(1),
  ]);
  return {
    id: family.id,
    createdAt: family.createdAt.toISOString(),
    guardians: guardians.map((g) => ({
      ...accountStatus(g),
      name: `${g.firstName} ${g.lastName}`,
      email: g.email,
      phone: g.phone,
      emailVerified: g.emailVerifiedAt !== null,
      createdAt: g.createdAt.toISOString(),
    })),
    children: kids.map((k) => toChild(k, opts.now, opts.fileUrls)),
    enrollments: seats.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
    transactions: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      status: p.status,
      amountCents: p.amountCents,
      currency: p.currency,
      description: p.description,
      createdAt: p.createdAt.toISOString(),
    })),
    membership: membership ? { ...membership, currentPeriodEnd: membership.currentPeriodEnd.toISOString() } : null,
  };
}
