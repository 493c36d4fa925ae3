import { pgTable, uuid, text, timestamp, smallint, date, jsonb, index } from 'drizzle-orm/pg-core';
import { families } from './users.ts';
import { schools } from './catalog.ts';

export interface EmergencyContact {
  name: string;
  relation: string;
  phone: string;
}
/** Someone allowed to collect the child; not necessarily a guardian. */
export interface PickupPerson {
  name: string;
  relation: string;
  phone: string;
}

export const children = pgTable(
  'children',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    /** 0 = kindergarten … 12. */
    grade: smallint('grade').notNull(),
    schoolId: uuid('school_id').references(() => schools.id),
    schoolName: text('school_name'),
    /** Yes/No ids 1 and 2 (spec §1). */
    allergies: smallint('allergies').notNull(),
    allergyDetails: text('allergy_details'),
    medicalNotes: text('medical_notes'),
    emergencyContacts: jsonb('emergency_contacts').$type<EmergencyContact[]>().notNull(),
    pickupPeople: jsonb('pickup_people').$type<PickupPerson[]>().notNull().default([]),
    /** Yes/No ids 1 and 2. */
    photoConsent: smallint('photo_consent').notNull(),
    photoPath: text('photo_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('children_family_idx').on(t.familyId)],
);
