import { z } from 'zod';
import { adminListQuerySchema, adminPageSchema } from './admin-lists.ts';
import { ENROLLMENT_STATUSES } from './enrollment-status.ts';
import { ROLES } from './roles.ts';
import { childSchema } from './children.ts';
import { uuidParam } from './common.ts';

/**
 * The staff console's families section: every account (parents and staff without a family),
 * searched by name, email, phone and children's names; a family's records; roles and deactivation.
 */
export const ACCOUNT_KINDS = ['all', 'families', 'staff'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  all: 'Everyone',
  families: 'Families',
  staff: 'Staff',
};

export const ACCOUNTS_SORTABLE = ['name', 'email', 'createdAt'] as const;
export const adminAccountsQuerySchema = adminListQuerySchema(ACCOUNTS_SORTABLE).extend({
  kind: z.enum(ACCOUNT_KINDS, { error: `Kind must be one of: ${ACCOUNT_KINDS.join(', ')}` }).default('all'),
});
export type AdminAccountsQuery = z.input<typeof adminAccountsQuerySchema>;

export const accountStatusSchema = z.object({
  userId: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** ISO time staff deactivated the account; null while it is active. */
  deactivatedAt: z.string().nullable(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** One row of GET /admin/families: an account, with its family's children by name. */
export const adminAccountRowSchema = accountStatusSchema.extend({
  familyId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  children: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminAccountRow = z.infer<typeof adminAccountRowSchema>;
export const adminAccountsPageSchema = adminPageSchema(adminAccountRowSchema);

export const familyIdParams = z.object({ familyId: uuidParam });
export const userIdParams = z.object({ userId: uuidParam });

export const adminGuardianSchema = adminAccountRowSchema
  .omit({ children: true, familyId: true })
  .extend({ emailVerified: z.boolean() });
export type AdminGuardian = z.infer<typeof adminGuardianSchema>;

export const adminEnrollmentSchema = z.object({
  id: z.string(),
  childId: z.string(),
  childName: z.string(),
  programId: z.string(),
  programTitle: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  priceCents: z.number().int(),
  currency: z.string(),
  coveredByMembership: z.boolean(),
  createdAt: z.string(),
});

export const adminTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund', 'failed']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  createdAt: z.string(),
});

export const adminMembershipSchema = z.object({
  id: z.string(),
  planName: z.string(),
  status: z.enum(['active', 'past_due', 'ended']),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  coveredChildIds: z.array(z.string()),
});

/** GET /admin/families/:familyId. Children carry medical data: reading it is audited. */
export const adminFamilySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  guardians: z.array(adminGuardianSchema),
  children: z.array(childSchema),
  enrollments: z.array(adminEnrollmentSchema),
  /** The newest first, at most ADMIN_FAMILY_TRANSACTIONS. */
  transactions: z.array(adminTransactionSchema),
  /** The live membership, or the last one that ended; null when the family never had one. */
  membership: adminMembershipSchema.nullable(),
});
export type AdminFamily = z.infer<typeof adminFamilySchema>;
export const ADMIN_FAMILY_TRANSACTIONS = 100;

/** PUT /admin/users/:userId/roles: the staff roles the account holds afterwards. */
export const staffRolesBodySchema = z.object({
  coach: z.boolean({ error: 'Say whether the account is a coach (true or false)' }),
  admin: z.boolean({ error: 'Say whether the account is an admin (true or false)' }),
});
export type StaffRolesBody = z.infer<typeof staffRolesBodySchema>;

export const ADMIN_ACCOUNT_MESSAGES = {
  lastAdmin: 'This is the last active admin. Make another account an admin first.',
  userNotFound: 'There is no account with this id',
  familyNotFound: 'There is no family with this id',
  rolesSaved: 'Roles saved',
  deactivated: 'Account deactivated: its sessions have ended',
  reactivated: 'Account reactivated: it can sign in again',
} as const;
