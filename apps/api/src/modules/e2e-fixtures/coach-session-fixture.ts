import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { children, enrollments, programs, users, type Db } from '@kikstart/db';
import { DEMO_ACCOUNTS } from '@kikstart/db/seed/index';
import { addDays, programToday } from '@kikstart/contract/schedule';
import { AppError } from '../../lib/errors.ts';

const demoAccount = async (db: Db, role: 'coach' | 'parent') => {
  const email = DEMO_ACCOUNTS.find((a) => a.role === role)!.email;
  const [user] = await db
    .select({ id: users.id, familyId: users.familyId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (!user) throw new AppError('NOT_FOUND', `The demo ${role} account is not seeded`);
  return user;
};

/**
 * The coach portal's end-to-end starting point: a program the demo coach runs every day of this
 * week (so it has a session today, whatever day the suite runs), and a new child of the demo
 * parent's family, with an allergy and an aunt on the pickup list, enrolled in it. Made fresh on
 * every call, so a retry starts from the same place.
 */
export async function coachSessionFixture({ db, now, title }: { db: Db; now: Date; title: string }) {
  const coach = await demoAccount(db, 'coach');
  const parent = await demoAccount(db, 'parent');
  const today = programToday(now);
  return db.transaction(async (tx) => {
    const [program] = await tx
      .insert(programs)
      .values({
        slug: `coach-session-e2e-${randomBytes(4).toString('hex')}`,
        title,
        summary: 'Ball skills and small-sided games after school.',
        description: 'Ball skills and small-sided games after school.',
        classType: 'after_school',
        locationType: 'public_class',
        venueName: 'Golden Gate Park, Polo Field',
        venueAddress: '1 Polo Field Way, San Francisco, CA',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '15:30',
        endTime: '16:30',
        firstDate: addDays(today, -7),
        lastDate: addDays(today, 7),
        minGrade: 0,
        maxGrade: 12,
        capacity: 12,
        priceCents: 19900,
        sport: 'Soccer',
        coachId: coach.id,
        published: false,
      })
      .returning({ id: programs.id, title: programs.title });
    const [child] = await tx
      .insert(children)
      .values({
        familyId: parent.familyId!,
        firstName: 'Theo',
        lastName: `Shah ${randomBytes(2).toString('hex').toUpperCase()}`,
        dateOfBirth: `${Number(today.slice(0, 4)) - 8}-05-20`,
        grade: 2,
        schoolName: 'Lincoln Elementary School',
        allergies: 1,
        allergyDetails: 'Tree nuts: EpiPen in the blue backpack',
        medicalNotes: 'Mild asthma; inhaler before running drills',
        emergencyContacts: [{ name: 'Priya Shah', relation: 'Mother', phone: '4155550100' }],
        pickupPeople: [{ name: 'Rosa Lopez', relation: 'Aunt', phone: '4155550188' }],
        photoConsent: 2,
      })
      .returning({ id: children.id, firstName: children.firstName, lastName: children.lastName });
    await tx.insert(enrollments).values({
      familyId: parent.familyId!,
      childId: child!.id,
      programId: program!.id,
      status: 'confirmed',
      priceCents: 19900,
      currency: 'usd',
      coveredByMembership: false,
      waiverName: 'Priya Shah',
      waiverSignedAt: now,
      waiverVersion: 1,
      confirmedAt: now,
    });
    return {
      programId: program!.id,
      title: program!.title,
      date: today,
      childId: child!.id,
      childName: `${child!.firstName} ${child!.lastName}`,
    };
  });
}

/** The gallery journey: the coach-session program, with these (new families') children enrolled as well. */
export async function gallerySessionFixture(opts: { db: Db; now: Date; title: string; childIds: string[] }) {
  const session = await coachSessionFixture(opts);
  const kids = await opts.db
    .select({ id: children.id, familyId: children.familyId })
    .from(children)
    .where(inArray(children.id, opts.childIds));
  if (kids.length !== opts.childIds.length) throw new AppError('NOT_FOUND', 'Child not found');
  await opts.db.insert(enrollments).values(
    kids.map((k) => ({
      familyId: k.familyId,
      childId: k.id,
      programId: session.programId,
      status: 'confirmed' as const,
      priceCents: 19900,
      currency: 'usd',
      coveredByMembership: false,
      waiverName: 'Guardian',
      waiverSignedAt: opts.now,
      waiverVersion: 1,
      confirmedAt: opts.now,
    })),
  );
  return { programId: session.programId, title: session.title, date: session.date };
}
