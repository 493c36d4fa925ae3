import { enrollments, type programs } from '@kikstart/db';
import type { EnrollmentStatus } from '@kikstart/contract/enrollment-status';
import { addDays, isoWeekday } from '@kikstart/contract/schedule';
import { createUserWithSession } from './user-fixtures.ts';
import { addChild, createProgram } from './enrollment-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Coach portal tests: a program meeting on `day` (two weeks either side), coached by `coachId`. */
export function programMeetingOn(t: TestApp, day: string, overrides: Partial<typeof programs.$inferInsert> = {}) {
  return createProgram(t, {
    weekdays: [isoWeekday(day)],
    firstDate: addDays(day, -14),
    lastDate: addDays(day, 14),
    ...overrides,
  });
}

/** An enrollment written straight to the database (the enrollment rules have their own tests). */
export async function enrollDirectly(
  t: TestApp,
  who: { familyId: string | null; childId: string; programId: string },
  status: EnrollmentStatus = 'confirmed',
) {
  await t.db.insert(enrollments).values({
    familyId: who.familyId!,
    childId: who.childId,
    programId: who.programId,
    status,
    priceCents: 19900,
    currency: 'usd',
    coveredByMembership: false,
    waiverName: 'Ana Martinez',
    waiverSignedAt: t.clock.now(),
    waiverVersion: 1,
    waitlistedAt: status === 'waitlisted' ? t.clock.now() : null,
  });
}

/** A parent with a child (peanut allergy, an aunt on the pickup list) enrolled in `programId`. */
export async function familyInProgram(
  t: TestApp,
  programId: string,
  { status = 'confirmed' as EnrollmentStatus, firstName = 'Leo' } = {},
) {
  const parent = await createUserWithSession(t, { firstName: 'Ana', lastName: 'Martinez' });
  const childId = await addChild(t, parent.headers, {
    firstName,
    allergies: 1,
    allergyDetails: 'Peanuts: EpiPen in the front pocket of his backpack',
    medicalNotes: 'Mild asthma; inhaler before running drills',
  });
  await enrollDirectly(t, { familyId: parent.familyId, childId, programId }, status);
  return { parent, childId };
}
