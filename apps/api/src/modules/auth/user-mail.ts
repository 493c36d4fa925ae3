import { mailLink } from '@kikstart/contract/mail-links';
import type { MailContent } from '../mail/mail-layout.ts';

/** The mails of the account flows; links point at web pages that call the API. */

/**
 * Sent to an address nobody has proven yet, so it carries no text the sign-up form supplied
 * (a name field must not turn our mail into someone else's message to a stranger).
 */
export function verifyEmailMail(opts: { publicUrl: string; token: string; ttlHours: number }): MailContent {
  const url = mailLink(opts.publicUrl, 'verifyEmail', { token: opts.token });
  return {
    subject: 'Confirm your email address',
    paragraphs: [
      'Hello,',
      'Welcome to KikStart! Please confirm your email address so you can sign in, add your children and enroll them in programs.',
      `The link works once and expires in ${opts.ttlHours} hours. If you did not create an account, you can ignore this email.`,
    ],
    action: { label: 'Confirm my email', url },
  };
}

/** `firstName` only when the address is verified (see verifyEmailMail). */
export function resetCodeMail(opts: {
  publicUrl: string;
  firstName?: string;
  email: string;
  code: string;
  ttlMinutes: number;
}): MailContent {
  const url = mailLink(opts.publicUrl, 'resetPassword', { email: opts.email, code: opts.code });
  return {
    subject: 'Your KikStart password reset code',
    paragraphs: [
      opts.firstName ? `Hi ${opts.firstName},` : 'Hello,',
      'We received a request to reset the password of your KikStart account.',
      `Your code is ${opts.code}`,
      `Enter it on the reset page, or use the button below. The code expires in ${opts.ttlMinutes} minutes and works once.`,
      'If you did not ask for this, you can ignore this email; your password stays the same.',
    ],
    action: { label: 'Reset my password', url },
  };
}

/**
 * After a password change or reset. The calendar feed's secret URL was replaced in the same
 * transaction (whoever knew the old password could have copied it), so a guardian who had a
 * feed is told to subscribe again.
 */
export function passwordChangedMail(opts: {
  publicUrl: string;
  firstName: string;
  calendarLinkChanged: boolean;
}): MailContent {
  return {
    subject: 'Your KikStart password was changed',
    paragraphs: [
      `Hi ${opts.firstName},`,
      'The password of your KikStart account was just changed, and other devices were signed out.',
      ...(opts.calendarLinkChanged
        ? [
            'Your family calendar link changed too, so the old link no longer shows your schedule. Copy the new link from your dashboard and subscribe to it again in your calendar app.',
          ]
        : []),
      'If this was not you, reset your password now and contact us.',
    ],
    action: { label: 'Reset my password', url: mailLink(opts.publicUrl, 'forgotPassword') },
  };
}

/**
 * To the owner of an address someone used on the sign-up form: sign-up answers the same either
 * way, so the owner (and only the owner) learns about it here. Nothing from the form is repeated;
 * `firstName` only when the address is verified.
 */
export function signupExistingAccountMail(opts: { publicUrl: string; firstName?: string }): MailContent {
  return {
    subject: 'Someone tried to create a KikStart account with your address',
    paragraphs: [
      opts.firstName ? `Hi ${opts.firstName},` : 'Hello,',
      'Someone just tried to create a new KikStart account with this email address. You already have an account, so no new one was made.',
      `If it was you, sign in with your password. Forgotten it? Reset it here: ${mailLink(opts.publicUrl, 'forgotPassword')}`,
      'If it was not you, you can ignore this email; your account has not changed.',
    ],
    action: { label: 'Sign in', url: mailLink(opts.publicUrl, 'login') },
    links: [mailLink(opts.publicUrl, 'forgotPassword')],
  };
}
