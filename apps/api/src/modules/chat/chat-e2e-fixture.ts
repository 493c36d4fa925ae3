import { randomBytes } from 'node:crypto';
import { children, enrollments, families, programs, users, type Db } from '@kikstart/db';
import { addDays, programToday } from '@kikstart/contract/schedule';
import { hashPassword } from '../../lib/passwords.ts';

/** The password of every account this fixture makes (end-to-end tests only). */
export const CHAT_E2E_PASSWORD = 'Harbor-Kite-Lantern-2031';

/**
 * The chat journey's starting point, made fresh on every call: a coach of their own with a
 * program, and two families (a guardian who can sign in, a child with a confirmed seat) who do not
 * know each other. Nothing shared with other specs, so unread counts are this run's alone.
 */
export async function chatFixture({ db, now }: { db: Db; now: Date }) {
  const tag = randomBytes(3).toString('hex');
  const passwordHash = await hashPassword(CHAT_E2E_PASSWORD);
  const today = programToday(now);
  return db.transaction(async (tx) => {
    const [coach] = await tx
      .insert(users)
      .values({
        email: `coach.${tag}@kikstart.example`,
        firstName: 'Maria',
        lastName: 'Elena Lopez',
        staffRoles: ['coach'],
        passwordHash,
        emailVerifiedAt: now,
      })
      .returning({ id: users.id, email: users.email });
    const [program] = await tx
      .insert(programs)
      .values({
        slug: `chat-e2e-${tag}`,
        title: `Junior Soccer ${tag.toUpperCase()}`,
        summary: 'Ball skills and small-sided games after school.',
        description: 'Ball skills and small-sided games after school.',
        classType: 'after_school',
        locationType: 'public_class',
        venueName: 'Golden Gate Park, Polo Field',
        venueAddress: '1 Polo Field Way, San Francisco, CA',
        weekdays: [2, 4],
        startTime: '15:30',
        endTime: '16:30',
        firstDate: addDays(today, -7),
        lastDate: addDays(today, 60),
        minGrade: 0,
        maxGrade: 12,
        capacity: 12,
        priceCents: 19900,
        sport: 'Soccer',
        coachId: coach!.id,
        published: false,
      })
      .returning({ id: programs.id, title: programs.title });
    const family = async (firstName: string, lastName: string, childName: string) => {
      const [home] = await tx.insert(families).values({}).returning({ id: families.id });
      const [parent] = await tx
        .insert(users)
        .values({
          email: `${firstName.toLowerCase()}.${tag}@example.com`,
          firstName,
          lastName,
          familyId: home!.id,
          passwordHash,
          emailVerifiedAt: now,
        })
        .returning({ email: users.email });
      const [child] = await tx
        .insert(children)
        .values({
          familyId: home!.id,
          firstName: childName,
          lastName,
          dateOfBirth: `${Number(today.slice(0, 4)) - 8}-05-20`,
          grade: 2,
          schoolName: 'Lincoln Elementary School',
          allergies: 2,
          emergencyContacts: [{ name: `${firstName} ${lastName}`, relation: 'Parent', phone: '4155550100' }],
          photoConsent: 1,
        })
        .returning({ id: children.id });
      await tx.insert(enrollments).values({
        familyId: home!.id,
        childId: child!.id,
        programId: program!.id,
        status: 'confirmed',
        priceCents: 19900,
        currency: 'usd',
        coveredByMembership: false,
        waiverName: `${firstName} ${lastName}`,
        waiverSignedAt: now,
        waiverVersion: 1,
        confirmedAt: now,
      });
      return { email: parent!.email, name: `${firstName} ${lastName}` };
    };
    const one = await family('Priya', 'Shah', 'Theo');
    const two = await family('Daniel', 'Okafor', 'Ada');
    return {
      password: CHAT_E2E_PASSWORD,
      coach: { email: coach!.email, name: 'Maria Elena Lopez' },
      program: { id: program!.id, title: program!.title },
      families: [one, two],
    };
  });
}
