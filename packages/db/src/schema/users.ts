import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, pgEnum, integer, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@kikstart/contract/roles';

/** Coach and admin; parent is not stored but follows from the family (contract/roles.ts). */
export const staffRoleEnum = pgEnum('staff_role', STAFF_ROLES);

/** A household: guardians who share the same children. */
export const families = pgTable('families', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index makes sign-up case-insensitive. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    address: text('address'),
    avatarPath: text('avatar_path'),
    passwordHash: text('password_hash').notNull(),
    /** Roles add, they do not swap: a coach or admin keeps their family. */
    staffRoles: staffRoleEnum('staff_roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    familyId: uuid('family_id').references(() => families.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Set by staff: sign-in is refused and no session works while it is (null = active). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_family_idx').on(t.familyId)],
);

/** Opaque bearer tokens; only the SHA-256 of the token is stored, so a database leak reveals none. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const oneTimeTokenPurposeEnum = pgEnum('one_time_token_purpose', [
  'email_verify',
  'password_reset_code',
  'password_reset',
  'newsletter_confirm',
  'family_invite',
  // The HttpOnly cookie of the browser that signed up (apps/api/src/modules/auth/signup-browser.ts).
  'signup_browser',
]);

/** Single-use secrets sent by mail (verification links, reset codes); stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: oneTimeTokenPurposeEnum('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For tokens not tied to a user (newsletter confirmation, invitations). */
    email: text('email'),
    /** family_invite: the family the invitee joins. */
    familyId: uuid('family_id').references(() => families.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.purpose, t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
    // The daily invitation count per family, open invitations, and the cascade when a family is deleted.
    index('one_time_tokens_family_idx').on(t.familyId, t.purpose, t.createdAt),
  ],
);
