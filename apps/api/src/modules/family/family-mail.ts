import { MAIL_NAME_MAX } from '@kikstart/contract/family';
import { stripInvisible } from '@kikstart/contract/names';
import { mailLink } from '@kikstart/contract/mail-links';
import type { MailContent } from '../mail/mail-layout.ts';

/**
 * The mails of sharing a family. A guardian's name is text they typed, mailed to someone else:
 * it goes through the same stripping as the name rules (rows stored before those rules
 * included) and is cut to MAIL_NAME_MAX characters.
 */
export function mailName(
  person: { firstName?: string | null; lastName?: string | null } | undefined,
  fallback = 'A guardian',
) {
  const name = stripInvisible(`${person?.firstName ?? ''} ${person?.lastName ?? ''}`);
  const cut = [...name].slice(0, MAIL_NAME_MAX).join('').trim();
  return cut || fallback;
}

export function inviteMail(opts: { inviterName: string; url: string; ttlDays: number }): MailContent {
  return {
    subject: `${opts.inviterName} invited you to share their family on KikStart`,
    paragraphs: [
      `${opts.inviterName} would like you to be a guardian in their KikStart family, so you can both see and manage the children's profiles and enrollments with your own sign-in.`,
      `Sign in or create a parent account with this email address, then open the link below. The invitation is valid for ${opts.ttlDays} days.`,
      'If you do not know this person, you can ignore this email.',
    ],
    action: { label: 'Join the family', url: opts.url },
  };
}

/** To the guardian who was removed. */
export function removedMail(opts: { firstName: string; byName: string; publicUrl: string }): MailContent {
  return {
    subject: 'You were removed from a KikStart family',
    paragraphs: [
      `Hi ${opts.firstName},`,
      `${opts.byName} removed you as a guardian of your KikStart family. You no longer see its children or enrollments, and you were signed out on every device.`,
      'Your account stays open with a family of its own. If you think this is a mistake, talk to the other guardian or contact us.',
    ],
    action: { label: 'Sign in', url: mailLink(opts.publicUrl, 'login') },
  };
}

/** To the guardian who removed someone, as a record and in case it was not them. */
export function removalDoneMail(opts: { firstName: string; removedName: string; publicUrl: string }): MailContent {
  return {
    subject: 'A guardian was removed from your KikStart family',
    paragraphs: [
      `Hi ${opts.firstName},`,
      `${opts.removedName} is no longer a guardian of your family and has lost access to the children's profiles and enrollments.`,
      'If this was not you, change your password now and contact us.',
    ],
    action: { label: 'Open my family', url: mailLink(opts.publicUrl, 'family') },
  };
}

/** To the guardians who stay when another one leaves or deletes their account. */
export function guardianLeftMail(opts: { leaverName: string; firstName: string; publicUrl: string }): MailContent {
  return {
    subject: 'A guardian left your KikStart family',
    paragraphs: [
      `Hi ${opts.firstName},`,
      `${opts.leaverName} is no longer a guardian of your family. The children and their enrollments stay with you.`,
    ],
    action: { label: 'Open my family', url: mailLink(opts.publicUrl, 'family') },
  };
}

export function accountDeletedMail(): MailContent {
  return {
    subject: 'Your KikStart account was deleted',
    paragraphs: [
      'Hello,',
      'Your KikStart account was deleted as you asked. If the family had no other guardian, its children, their photos and enrollments were deleted too and their seats were released.',
      'If you did not ask for this, contact us at once.',
    ],
  };
}
