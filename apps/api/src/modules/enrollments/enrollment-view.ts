import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { children, enrollments, programs, schools } from '@kikstart/db';
import type { Enrollment } from '@kikstart/contract/enrollments';
import {
  ENROLLMENT_STATUS_LABELS,
  OFFER_STATUS,
  UNPAID_HOLD_STATUS,
  type EnrollmentStatus,
} from '@kikstart/contract/enrollment-status';
import { waitlistPositionSql } from './enrollment-seats.ts';
import { programScheduleColumns } from '../programs/program-columns.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Enrollments as parents see them, with child, program and queue position, in one statement. */
export async function selectEnrollments(db: Db, where: SQL | undefined, page?: { limit: number; offset: number }) {
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
      waitlistPosition: waitlistPositionSql,
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
    items: rows.map((r) => toEnrollment(r, r.waitlistPosition === null ? null : Number(r.waitlistPosition))),
  };
}

/** One enrollment's columns, as `selectEnrollments` reads them (and the enrollment batch has them). */
export interface EnrollmentRow {
  id: string;
  status: EnrollmentStatus;
  childId: string;
  childFirstName: string;
  childLastName: string;
  programId: string;
  title: string;
  classType: Enrollment['program']['classType'];
  locationType: Enrollment['program']['locationType'];
  schoolName: Enrollment['program']['schoolName'];
  venueName: Enrollment['program']['venueName'];
  venueAddress: Enrollment['program']['venueAddress'];
  weekdays: number[];
  startTime: string;
  endTime: string;
  firstDate: string;
  lastDate: string;
  priceCents: number;
  currency: string;
  coveredByMembership: boolean;
  waiverName: string;
  waiverSignedAt: Date;
  waiverVersion: number;
  holdExpiresAt: Date | null;
  offerExpiresAt: Date | null;
  dropReason: string | null;
  droppedAt: Date | null;
  createdAt: Date;
}

/** An enrollment as parents see it: the one shape every answer about an enrollment has. */
export function toEnrollment(r: EnrollmentRow, waitlistPosition: number | null): Enrollment {
  return {
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
    waitlistPosition,
    holdExpiresAt: r.status === UNPAID_HOLD_STATUS ? iso(r.holdExpiresAt) : null,
    offerExpiresAt: r.status === OFFER_STATUS ? iso(r.offerExpiresAt) : null,
    dropReason: r.dropReason,
    droppedAt: iso(r.droppedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function getEnrollmentView(db: Db, familyId: string, id: string): Promise<Enrollment | undefined> {
  const { items } = await selectEnrollments(db, and(eq(enrollments.id, id), eq(enrollments.familyId, familyId)));
  return items[0];
}
