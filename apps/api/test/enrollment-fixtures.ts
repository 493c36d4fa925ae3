import { eq, sql } from 'drizzle-orm';
import { contentPages, enrollments, programs } from '@kikstart/db';
import { waitlistPositionSql } from '../src/modules/enrollments/enrollment-seats.ts';
import { body, type TestApp } from './test-app.ts';

/** Test-only helpers shared by the children, programs, enrollments and calendar tests. */

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysFromNow = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));
/** A birth date for a child of `age` years today. */
export const birthDateForAge = (age: number) => {
  const d = new Date();
  return `${d.getUTCFullYear() - age}-01-15`;
};

export const validChild = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Leo',
  lastName: 'Martinez',
  dateOfBirth: birthDateForAge(8),
  grade: 2,
  schoolName: 'Lincoln Elementary School',
  allergies: 2,
  medicalNotes: '',
  emergencyContacts: [{ name: 'Ana Martinez', relation: 'Mother', phone: '415-555-0199' }],
  pickupPeople: [{ name: 'Rosa Lopez', relation: 'Aunt', phone: '(415) 555 0188' }],
  photoConsent: 1,
  ...overrides,
});

export async function addChild(t: TestApp, headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/child/add',
    headers,
    payload: validChild(overrides),
  });
  if (res.statusCode !== 200) throw new Error(`add child failed: ${res.body}`);
  return body<{ id: string; firstName: string }>(res).data.id;
}

let programCounter = 0;
/** A published program starting next week, open to grades K-12, with the given overrides. */
export async function createProgram(t: TestApp, overrides: Partial<typeof programs.$inferInsert> = {}) {
  const n = ++programCounter;
  const [row] = await t.db
    .insert(programs)
    .values({
      slug: `test-program-${n}-${Date.now()}`,
      title: `Test Program ${n}`,
      summary: 'A program made by a test.',
      description: 'A program made by a test.',
      classType: 'after_school',
      locationType: 'public_class',
      venueName: 'Test Field',
      venueAddress: '1 Test Way, San Francisco, CA',
      // A different weekday and hour per program, so test programs never clash by accident.
      weekdays: [1 + (n % 7)],
      startTime: `${String(6 + (Math.floor(n / 7) % 16)).padStart(2, '0')}:00`,
      endTime: `${String(6 + (Math.floor(n / 7) % 16)).padStart(2, '0')}:45`,
      firstDate: daysFromNow(7),
      lastDate: daysFromNow(7 + 27),
      minGrade: 0,
      maxGrade: 12,
      capacity: 10,
      priceCents: 19900,
      sport: 'Soccer',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function waiverVersion(t: TestApp) {
  const [page] = await t.db
    .select({ version: contentPages.version })
    .from(contentPages)
    .where(eq(contentPages.key, 'waiver-data'));
  return page!.version;
}

export async function enroll(
  t: TestApp,
  headers: Record<string, string>,
  childId: string,
  programId: string,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/enrollments/create',
    headers,
    payload: {
      childId,
      programId,
      waiverName: 'Ana Martinez',
      waiverAccepted: true,
      // Read unless given: requests meant to arrive together take it from the caller, read once.
      waiverVersion: extra.waiverVersion ?? (await waiverVersion(t)),
      ...extra,
    },
  });
}

/**
 * A program's enrollments: its held seats, and its queue in place order. Lock times are text to
 * the microsecond (a batch gives its rows times a microsecond apart), so they sort and compare.
 */
export async function seatsAndQueue(t: TestApp, programId: string) {
  const rows = await t.db
    .select({
      childId: enrollments.childId,
      familyId: enrollments.familyId,
      status: enrollments.status,
      lockedAt: sql<string>`to_char(${enrollments.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
      position: waitlistPositionSql,
    })
    .from(enrollments)
    .where(eq(enrollments.programId, programId));
  return {
    rows,
    seats: rows.filter((r) => r.status === 'pending_payment'),
    queue: rows.filter((r) => r.status === 'waitlisted').sort((a, b) => a.position! - b.position!),
  };
}
