import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, programs, schools } from '@kikstart/db';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { ENROLLMENT_STATUS_LABELS, OFFER_STATUS, UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { waitlistPositionSql } from './enrollment-seats.ts';
import { programScheduleColumns } from '../programs/program-columns.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Enrollments as parents see them, with child, program and queue position, in one statement.
 * `positions`: the queue places the caller decided itself (the enrollment batch, under the
 * program lock), used instead of counting each row's place in SQL (a count per row: slow for
 * the hundreds of answers of one batch).
 */
export async function selectEnrollments(
  db: Db,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
  positions?: Map<string, number | null>,
) {
  const query = db
    .select({
      id: enrollments.id,
      status: enrollments.status,
      childId: children.id,
      childFirstName: children.firstName,
      childLastName: children.lastName,
      programId: programs.id,
      title: programs.title,
      classType: programs.classType,
      locationType: programs.locationType,
      schoolName: schools.name,
      ...programScheduleColumns,
      priceCents: enrollments.priceCents,
      currency: enrollments.currency,
      coveredByMembership: enrollments.coveredByMembership,
      waiverName: enrollments.waiverName,
      waiverSignedAt: enrollments.waiverSignedAt,
      waiverVersion: enrollments.waiverVersion,
      waitlistPosition: positions ? sql<null>`null::int` : waitlistPositionSql,
      holdExpiresAt: enrollments.holdExpiresAt,
      offerExpiresAt: enrollments.offerExpiresAt,
      dropReason: enrollments.dropReason,
      droppedAt: enrollments.droppedAt,
      createdAt: enrollments.createdAt,
      total: sql<number>`(count(*) over())::int`,
    })
    .from(enrollments)
    .innerJoin(children, eq(children.id, enrollments.childId))
    .innerJoin(programs, eq(programs.id, enrollments.programId))
    .leftJoin(schools, eq(schools.id, programs.schoolId))
    .where(where)
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((r): Enrollment => ({
      id: r.id,
      status: r.status,
      statusLabel: ENROLLMENT_STATUS_LABELS[r.status],
      child: { id: r.childId, name: `${r.childFirstName} ${r.childLastName}` },
      program: {
        id: r.programId,
        title: r.title,
        classType: r.classType,
        locationType: r.locationType,
        schoolName: r.schoolName,
        venueName: r.venueName,
        venueAddress: r.venueAddress,
        weekdays: r.weekdays,
        startTime: r.startTime,
        endTime: r.endTime,
        firstDate: r.firstDate,
        lastDate: r.lastDate,
      },
      priceCents: r.priceCents,
      currency: r.currency,
      coveredByMembership: r.coveredByMembership,
      waiver: { name: r.waiverName, signedAt: r.waiverSignedAt.toISOString(), version: r.waiverVersion },
      waitlistPosition: positions
        ? (positions.get(r.id) ?? null)
        : r.waitlistPosition === null
          ? null
          : Number(r.waitlistPosition),
      holdExpiresAt: r.status === UNPAID_HOLD_STATUS ? iso(r.holdExpiresAt) : null,
      offerExpiresAt: r.status === OFFER_STATUS ? iso(r.offerExpiresAt) : null,
      dropReason: r.dropReason,
      droppedAt: iso(r.droppedAt),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function getEnrollmentView(db: Db, familyId: string, id: string): Promise<Enrollment | undefined> {
  const { items } = await selectEnrollments(db, and(eq(enrollments.id, id), eq(enrollments.familyId, familyId)));
  return items[0];
}
