import { z } from 'zod';
import { emailField, uuidParam } from './common.ts';

/**
 * A family's guardians, invitations and data rights: remove the other guardian, leave, cancel an
 * invitation, delete a child, download everything as JSON, delete the account.
 */

/** Invitations a family (or one guardian, whichever family they are in) may send in 24 hours. */
export const INVITES_PER_DAY = 5;
export const INVITE_WINDOW_MS = 24 * 3600_000;
/** An inviter's name in the mail is at most this long, whatever was stored before the name rules. */
export const MAIL_NAME_MAX = 100;

export const FAMILY_MESSAGES = {
  invited: 'Invitation sent',
  joined: 'You now share this family',
  inviteSelf: 'You are already in this family',
  alreadyMember: 'This person already shares your family',
  inviteInvalid: 'This invitation link is invalid or has expired',
  inviteOtherEmail: 'This invitation was sent to a different email address. Sign in with that address to accept it.',
  alreadyInFamily: 'You already share this family',
  hasChildren:
    'Your account already has children of its own. Ask the other guardian to invite you from an account without children, or contact us to merge the families.',
  inviteLimit: `A family can send ${INVITES_PER_DAY} invitations a day. Please try again tomorrow.`,
  inviteCancelled: 'Invitation cancelled',
  inviteNotFound: 'There is no open invitation for this address',
  guardianRemoved: 'Guardian removed. They no longer have access to this family.',
  guardianNotFound: 'This person is not a guardian in your family',
  removeSelf: 'To stop sharing this family yourself, use "Leave family"',
  left: 'You have left the family. Your account now has a family of its own.',
  lastGuardian: 'You are the only guardian of this family. To remove it and its children, delete your account instead.',
  childDeleted: 'Child deleted',
  exported: 'Your data',
  accountDeleted: 'Your account has been deleted',
  passwordRequired: 'Enter your password to delete your account',
  passwordWrong: 'Password is incorrect',
  staffAccount: 'Staff accounts are closed by an administrator',
} as const;

const GUARDIAN_ID = 'Choose the guardian to remove';

/** POST /family/invite */
export const inviteSchema = z.object({ email: emailField });

/** POST /family/join */
export const joinSchema = z.object({
  token: z
    .string({ error: FAMILY_MESSAGES.inviteInvalid })
    .trim()
    .min(20, FAMILY_MESSAGES.inviteInvalid)
    .max(200, FAMILY_MESSAGES.inviteInvalid),
});

/** POST /family/guardians/remove */
export const removeGuardianSchema = z.object({ userId: z.uuid(GUARDIAN_ID) });

/** POST /family/invites/cancel: the address of the open invitation. */
export const cancelInviteSchema = z.object({ email: emailField });

/** POST /children/delete */
export const deleteChildSchema = z.object({ childId: uuidParam });

/** POST /user/delete-account: the current password, checked like the change-password form. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: FAMILY_MESSAGES.passwordRequired })
    .min(1, FAMILY_MESSAGES.passwordRequired)
    .max(128, FAMILY_MESSAGES.passwordWrong)
    .refine((v) => !v.includes('\u0000'), FAMILY_MESSAGES.passwordWrong),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const guardianSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isYou: z.boolean(),
});
export type Guardian = z.infer<typeof guardianSchema>;

export const pendingInviteSchema = z.object({
  email: z.string(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

/** data of GET /family/guardians */
export const guardianListSchema = z.object({
  guardians: z.array(guardianSchema),
  pendingInvites: z.array(pendingInviteSchema),
});
export type GuardianList = z.infer<typeof guardianListSchema>;

/** data of POST /family/invite: the invited address and when the link stops working. */
export const inviteResultSchema = pendingInviteSchema;
export type InviteResult = PendingInvite;

/** data of POST /family/join and /family/leave: the family the user is in now. */
export const familyMembershipSchema = z.object({ familyId: z.string() });
export type FamilyMembership = z.infer<typeof familyMembershipSchema>;

/** data of POST /family/invites/cancel */
export const cancelledInviteSchema = z.object({ email: z.string() });
export type CancelledInvite = z.infer<typeof cancelledInviteSchema>;
/** data of POST /family/guardians/remove */
export const removedGuardianSchema = z.object({ userId: z.string() });
export type RemovedGuardian = z.infer<typeof removedGuardianSchema>;
/** data of POST /children/delete */
export const deletedChildSchema = z.object({ childId: z.string() });
export type DeletedChild = z.infer<typeof deletedChildSchema>;

/** data of POST /user/delete-account */
export const accountDeletionSchema = z.object({
  /** true when the family, its children and enrollments went with the account. */
  familyDeleted: z.boolean(),
  childrenDeleted: z.number().int(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/**
 * data of GET /user/export. The download is everything kept about the user, so its parts are
 * loose objects: a column added later is included, not stripped (the right of access wants it).
 * Secrets never reach it; the service selects around them.
 */
export const accountExportSchema = z.looseObject({
  /** 'kikstart-account-export' */
  format: z.string(),
  version: z.number().int(),
  /** ISO 8601; also names the file. */
  exportedAt: z.string(),
  profile: z.looseObject({ id: z.string(), email: z.string() }),
  sessions: z.array(z.looseObject({})),
  calendarFeed: z.looseObject({ exists: z.boolean() }),
  newsletter: z.looseObject({}).nullable(),
  family: z.looseObject({ id: z.string() }).nullable(),
  forms: z.looseObject({}),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
