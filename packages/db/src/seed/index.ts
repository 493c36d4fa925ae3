import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  appState,
  children,
  contentPages,
  enrollments,
  families,
  membershipPlans,
  offers,
  programActivities,
  programs,
  schools,
  testimonials,
  users,
} from '../schema/index.ts';
import { CONTENT_PAGES, MEMBERSHIP_PLANS, OFFERS, TESTIMONIALS } from './content-data.ts';
import { PROGRAM_ILLUSTRATIONS, PROGRAMS, SCHOOLS, illustrationPath } from './catalog-data.ts';
import { seedPayments } from './payments-data.ts';

/** Demo sign-ins printed by `npm start`. Only seeded outside production. */
export const DEMO_ACCOUNTS = [
  {
    role: 'admin',
    email: 'admin@kikstart.example',
    password: 'Admin-demo-2026',
    firstName: 'Alex',
    lastName: 'Morgan',
  },
  {
    role: 'coach',
    email: 'coach@kikstart.example',
    password: 'Coach-demo-2026',
    firstName: 'Jordan',
    lastName: 'Rivera',
  },
  {
    role: 'parent',
    email: 'parent@kikstart.example',
    password: 'Parent-demo-2026',
    firstName: 'Priya',
    lastName: 'Shah',
  },
] as const;

export interface SeedOptions {
  db: Db;
  hashPassword: (plain: string) => Promise<string>;
  /** Demo accounts are for the embedded demo and tests, never production. */
  withDemoAccounts: boolean;
  now?: Date;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** Monday of the week `weeks` after `now` (UTC). */
function mondayIn(now: Date, weeks: number) {
  const day = now.getUTCDay() || 7;
  return addDays(
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    8 - day + (weeks - 1) * 7,
  );
}

/** The app_state key that says the demo content (and the demo accounts, when asked for) was written. */
export const DEMO_SEEDED_KEY = 'demo_seeded';

/**
 * Fills an empty database with the demo site's content, once: the run records DEMO_SEEDED_KEY in
 * app_state, and a later run finds it and writes nothing, so a seeded row staff deleted stays
 * deleted (and demo accounts deleted stay deleted). Never called in production
 * (apps/api/src/bootstrap.ts). Answers whether it wrote anything.
 */
export async function seedDatabase({ db, hashPassword, withDemoAccounts, now = new Date() }: SeedOptions) {
  return db.transaction(async (tx) => {
    // Serialises concurrent seeds (two processes starting on one PostgreSQL): the second waits
    // here, then finds the marker the first one committed.
    await tx.execute(sql`select pg_advisory_xact_lock(7210432)`);
    const [done] = await tx.select({ key: appState.key }).from(appState).where(eq(appState.key, DEMO_SEEDED_KEY));
    if (done) return false;

    await tx
      .insert(contentPages)
      .values(CONTENT_PAGES.map((p) => ({ ...p, data: p.data ?? {} })))
      .onConflictDoNothing();
    // The waiver's first text is its first kept version (signatures point at versions).
    await tx.execute(sql`
      insert into waiver_versions (version, title, body, published_at)
      select version, title, body, updated_at from content_pages where key = 'waiver-data'
      on conflict do nothing`);

    await tx.insert(schools).values(SCHOOLS).onConflictDoNothing();
    await tx.insert(membershipPlans).values(MEMBERSHIP_PLANS).onConflictDoNothing();

    const [{ count: testimonialCount } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(testimonials);
    if (testimonialCount === 0) {
      await tx.insert(testimonials).values(TESTIMONIALS.map((t, i) => ({ ...t, sortOrder: i })));
    }
    const [{ count: offerCount } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(offers);
    if (offerCount === 0) {
      await tx
        .insert(offers)
        .values(OFFERS.map((o, i) => ({ ...o, sortOrder: i, validUntil: isoDay(addDays(now, 90)) })));
    }

    let coachId: string | null = null;
    if (withDemoAccounts) {
      for (const account of DEMO_ACCOUNTS) {
        const existing = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.email})`, account.email));
        if (existing[0]) {
          if (account.role === 'coach') coachId = existing[0].id;
          continue;
        }
        const familyId =
          account.role === 'parent'
            ? (await tx.insert(families).values({}).returning({ id: families.id }))[0]!.id
            : null;
        const [user] = await tx
          .insert(users)
          .values({
            email: account.email,
            firstName: account.firstName,
            lastName: account.lastName,
            phone: '4155550100',
            staffRoles: account.role === 'parent' ? [] : [account.role],
            familyId,
            passwordHash: await hashPassword(account.password),
            emailVerifiedAt: now,
          })
          .returning({ id: users.id });
        if (account.role === 'coach') coachId = user!.id;
        if (familyId) await seedDemoChildren(tx as unknown as Db, familyId, now);
      }
    }

    const schoolRows = await tx
      .select({
        id: schools.id,
        slug: schools.slug,
        name: schools.name,
        address: schools.address,
        city: schools.city,
        postalCode: schools.postalCode,
      })
      .from(schools);
    const schoolBySlug = new Map(schoolRows.map((s) => [s.slug, s]));
    for (const p of PROGRAMS) {
      const school = p.schoolSlug ? schoolBySlug.get(p.schoolSlug) : undefined;
      const first = addDays(mondayIn(now, p.startsInWeeks), (p.weekdays[0] ?? 1) - 1);
      const illustration = PROGRAM_ILLUSTRATIONS[p.sport];
      const [row] = await tx
        .insert(programs)
        .values({
          slug: p.slug,
          title: p.title,
          sport: p.sport,
          summary: p.summary,
          description: p.description,
          classType: p.classType,
          locationType: p.locationType,
          schoolId: school?.id ?? null,
          venueName: p.venueName ?? school?.name ?? null,
          venueAddress:
            p.venueAddress ??
            [school?.address, [school?.city, school?.postalCode].filter(Boolean).join(' ')].join(', '),
          weekdays: p.weekdays,
          startTime: p.startTime,
          endTime: p.endTime,
          firstDate: isoDay(first),
          lastDate: isoDay(addDays(first, p.weeks * 7 - 1)),
          minAge: p.minAge ?? null,
          maxAge: p.maxAge ?? null,
          minGrade: p.minGrade ?? null,
          maxGrade: p.maxGrade ?? null,
          capacity: p.capacity,
          priceCents: p.priceCents,
          coveredByMembership: p.coveredByMembership,
          coachId,
          imagePath: illustration ? illustrationPath(illustration.file) : null,
          imageAlt: illustration?.alt ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: programs.id });
      if (row) {
        await tx
          .insert(programActivities)
          .values(
            p.activities.map(([title, description], i) => ({ programId: row.id, position: i + 1, title, description })),
          );
      }
    }

    await seedPayments(tx as unknown as Db, now);
    if (withDemoAccounts) await seedDemoEnrollments(tx as unknown as Db, now);
    await tx.insert(appState).values({ key: DEMO_SEEDED_KEY, recordedAt: now });
    return true;
  });
}

async function seedDemoChildren(db: Db, familyId: string, now: Date) {
  const year = now.getUTCFullYear();
  await db.insert(children).values([
    {
      familyId,
      firstName: 'Maya',
      lastName: 'Shah',
      dateOfBirth: `${year - 8}-04-12`,
      grade: 2,
      schoolName: 'Lincoln Elementary School',
      allergies: 1,
      allergyDetails: 'Peanuts: carries an EpiPen in her backpack.',
      medicalNotes: 'Mild asthma; inhaler in the front pocket of her backpack.',
      emergencyContacts: [
        { name: 'Priya Shah', relation: 'Mother', phone: '4155550100' },
        { name: 'Rahul Shah', relation: 'Father', phone: '4155550101' },
      ],
      pickupPeople: [{ name: 'Anita Desai', relation: 'Grandmother', phone: '4155550133' }],
      photoConsent: 1,
    },
    {
      familyId,
      firstName: 'Arjun',
      lastName: 'Shah',
      dateOfBirth: `${year - 11}-09-30`,
      grade: 5,
      schoolName: 'Lincoln Elementary School',
      allergies: 2,
      emergencyContacts: [{ name: 'Priya Shah', relation: 'Mother', phone: '4155550100' }],
      pickupPeople: [],
      photoConsent: 2,
    },
  ]);
}

/**
 * The demo parent's children hold seats so the account and the catalog show real states:
 * Maya is enrolled in Soccer Stars, and Arjun holds the only seat of Flag Football, so that
 * program is full and its waitlist can be tried. Only when the family has no enrollments yet.
 */
async function seedDemoEnrollments(db: Db, now: Date) {
  const parent = DEMO_ACCOUNTS.find((a) => a.role === 'parent')!;
  const [user] = await db
    .select({ id: users.id, familyId: users.familyId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, parent.email));
  if (!user?.familyId) return;
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(enrollments)
    .where(eq(enrollments.familyId, user.familyId));
  if (count > 0) return;
  const kids = await db
    .select({ id: children.id, firstName: children.firstName })
    .from(children)
    .where(eq(children.familyId, user.familyId));
  const [waiver] = await db
    .select({ version: contentPages.version })
    .from(contentPages)
    .where(eq(contentPages.key, 'waiver-data'));
  const plan: [string, string][] = [
    ['Maya', 'lincoln-soccer-stars'],
    ['Arjun', 'sunset-flag-football'],
  ];
  for (const [firstName, slug] of plan) {
    const child = kids.find((k) => k.firstName === firstName);
    const [program] = await db.select().from(programs).where(eq(programs.slug, slug));
    if (!child || !program) continue;
    await db.insert(enrollments).values({
      familyId: user.familyId,
      childId: child.id,
      programId: program.id,
      status: 'confirmed',
      createdBy: user.id,
      priceCents: program.priceCents,
      currency: program.currency,
      coveredByMembership: program.coveredByMembership,
      waiverName: `${parent.firstName} ${parent.lastName}`,
      waiverSignedAt: now,
      waiverVersion: waiver?.version ?? 1,
      confirmedAt: now,
    });
  }
}
