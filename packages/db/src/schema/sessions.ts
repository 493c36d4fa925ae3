import { date, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ATTENDANCE_STATUSES, PICKUP_KINDS } from '@kikstart/contract/attendance';
import { users } from './users.ts';
import { programs } from './catalog.ts';
import { children } from './family.ts';

/**
 * Coach portal (migration 0018). A session is a program on one of its schedule's days
 * (contract/schedule.ts) unless an admin skipped that day (a holiday, a closed field).
 */
export const attendanceStatusEnum = pgEnum('attendance_status', ATTENDANCE_STATUSES);
export const pickupKindEnum = pgEnum('pickup_kind', PICKUP_KINDS);

export const programSkippedDates = pgTable(
  'program_skipped_dates',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** Shown to the coach and the admin: "Thanksgiving", "Field closed for maintenance". */
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'program_skipped_dates_pk', columns: [t.programId, t.day] })],
);

/** One row per child per session once the coach marks them; the pickup is filled in when they leave. */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    status: attendanceStatusEnum('status').notNull(),
    /** The coach's own note ("arrived with a cold"); staff only, not shown to the family. */
    note: text('note'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    pickedUpKind: pickupKindEnum('picked_up_kind'),
    /**
     * Who collected the child, as they were named when it happened: a copy, not a reference, so a
     * later edit of the pickup list does not rewrite the record.
     */
    pickedUpByName: text('picked_up_by_name'),
    pickedUpByRelation: text('picked_up_by_relation'),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    pickupRecordedBy: uuid('pickup_recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('session_attendance_child_day_unique').on(t.programId, t.day, t.childId),
    index('session_attendance_child_idx').on(t.childId, t.day),
  ],
);

/**
 * A pickup the coach tried to record for someone not on the child's list: refused, and kept here
 * for the admin's list (the audit log has the request too). Only ids: `personId` is what was sent.
 */
export const pickupRefusals = pgTable(
  'pickup_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    personId: text('person_id').notNull(),
    recordedBy: uuid('recorded_by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pickup_refusals_at_idx').on(t.at)],
);
