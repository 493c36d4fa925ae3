import {
  pgTable,
  uuid,
  text,
  timestamp,
  integer,
  pgEnum,
  boolean,
  date,
  smallint,
  index,
  uniqueIndex,
  jsonb,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const schools = pgTable(
  'schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code'),
    logoPath: text('logo_path'),
    /** Shown on the "bring the programs to your school" page as a partner school. */
    isPartner: boolean('is_partner').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schools_slug_unique').on(t.slug)],
);

/** Class type labels: Enrichment, After School (spec §1). */
export const classTypeEnum = pgEnum('class_type', ['enrichment', 'after_school']);
/** Class-location options: At My School, Public Class Near Me (spec §1). */
export const locationTypeEnum = pgEnum('location_type', ['at_my_school', 'public_class']);

export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown. */
    description: text('description').notNull(),
    classType: classTypeEnum('class_type').notNull(),
    locationType: locationTypeEnum('location_type').notNull(),
    schoolId: uuid('school_id').references(() => schools.id),
    venueName: text('venue_name'),
    venueAddress: text('venue_address').notNull(),
    /** ISO weekdays, 1 = Monday … 7 = Sunday. */
    weekdays: smallint('weekdays').array().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    firstDate: date('first_date').notNull(),
    lastDate: date('last_date').notNull(),
    minAge: smallint('min_age'),
    maxAge: smallint('max_age'),
    /** Grades: 0 = kindergarten. */
    minGrade: smallint('min_grade'),
    maxGrade: smallint('max_grade'),
    capacity: integer('capacity').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    coveredByMembership: boolean('covered_by_membership').notNull().default(true),
    coachId: uuid('coach_id').references(() => users.id),
    /**
     * The program's picture: a file uploaded through the staff console, kept under the uploads
     * folder (`programs/<random>.jpg`, served at /uploads/…), or one of the illustrations shipped
     * with the web app (`/illustrations/programs/<activity>.svg`, a site path: leading slash).
     * An upload replaces the value; only upload paths name a file that may be deleted.
     */
    imagePath: text('image_path'),
    /** What the picture shows, for screen readers; set together with imagePath. */
    imageAlt: text('image_alt'),
    sport: text('sport').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('programs_slug_unique').on(t.slug),
    index('programs_school_idx').on(t.schoolId),
    index('programs_listing_idx').on(t.published, t.firstDate),
  ],
);

/** What a program does, session by session. */
export const programActivities = pgTable(
  'program_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('program_activities_position_unique').on(t.programId, t.position)],
);

export const billingIntervalEnum = pgEnum('billing_interval', ['month', 'year']);

/** A "super parent" membership: covers up to maxChildren children in covered programs. */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    interval: billingIntervalEnum('interval').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    maxChildren: integer('max_children').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('membership_plans_slug_unique').on(t.slug)],
);

/**
 * What families read about a coach beside the coach's name on a program page. One row per
 * coach account, written by staff; the photo is public (served under /uploads).
 */
export const coachProfiles = pgTable('coach_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull().default(''),
  credentials: jsonb('credentials').$type<string[]>().notNull().default([]),
  /** An upload's key under the uploads folder (`coaches/<random>.jpg`). */
  photoPath: text('photo_path'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
