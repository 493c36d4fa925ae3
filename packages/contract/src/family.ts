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
  token: z.string({ error: FAMILY_MESSAGES.inviteInvalid }).trim().min(20, FAMILY_MESSAGES.inviteInvalid).max(200, FAMILY_MESSAGES.inviteInvalid),
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

export interface Guardian {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isYou: boolean;
}

export interface PendingInvite {
  email: string;
  /** ISO 8601 */
  expiresAt: string;
}

/** data of GET /family/guardians */
export interface GuardianList {
  guardians: Guardian[];
  pendingInvites: PendingInvite[];
}

/** data of POST /user/delete-account */
export interface AccountDeletion {
  /** true when the family, its children and enrollments went with the account. */
  familyDeleted: boolean;
  childrenDeleted: number;
}

/** data of POST /family/join and /family/leave: the family the guardian is in now. */
export interface FamilyMembership {
  familyId: string;
}

/** data of POST /family/invites/cancel */
export interface InviteCancelled {
  email: string;
}

/** data of POST /family/guardians/remove */
export interface GuardianRemoved {
  userId: string;
}

/** data of POST /children/delete */
export interface ChildDeleted {
  childId: string;
}
