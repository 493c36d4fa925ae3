/**
 * Web pages that mails link to. The API's mails build their links with `mailLink`, and the web
 * app's route registry takes these same paths, so a link in a mail cannot point at a page that
 * moved. Imports nothing.
 */
export const MAIL_LINK_PATHS = {
  /** Sign in (after a password change, or when someone tried to sign up with the address). */
  login: '/auth/login',
  /** ?token= from the sign-up mail. */
  verifyEmail: '/auth/verify-email',
  forgotPassword: '/auth/forgot-password',
  /** ?email=&code= from the reset mail. */
  resetPassword: '/auth/reset-password',
  /** ?token= from the newsletter's double opt-in mail. */
  newsletterConfirm: '/newsletter/confirm',
  /** ?token= in the footer of every newsletter mail. */
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** Hold reminders, lapsed holds and waitlist offers (offers are answered there). */
  enrollments: '/account/enrollments',
  /** Guardian joined, removed or left. */
  family: '/account/family',
  /** ?token= from a guardian invitation. */
  familyJoin: '/family/join',
  /** Receipts and refunds link to the family's payments. */
  transactions: '/account/transactions',
  /** One printable receipt (`:id` is the transaction). */
  receipt: '/account/transactions/:id/receipt',
  /** ?id= where the sandbox gateway sends the parent to enter a test card. */
  checkoutSandbox: '/checkout/sandbox',
  /** ?id= where a payment gateway sends the parent back after paying. */
  checkoutSuccess: '/checkout/success',
  /** ?id= where a payment gateway sends the parent back after giving up. */
  checkoutCancelled: '/checkout/cancelled',
  /** The membership plans, side by side. */
  plans: '/memberships',
  /** The family's membership: plan, covered children, next charge, renewal problems, cancel. */
  billing: '/account/billing',
  /** ?id= (&cancelled=1) where the gateway sends the parent back after paying for a plan. */
  membershipResult: '/account/billing/checkout',
  /** ?conversation= from the unread-message mail: the conversation's thread. */
  chat: '/chat',
} as const;
export type MailLinkPage = keyof typeof MAIL_LINK_PATHS;

/** `<publicUrl><path>?a=1&b=2`, each query value URI-encoded. */
export function mailLink(publicUrl: string, page: MailLinkPage, query: Record<string, string> = {}): string {
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${publicUrl}${MAIL_LINK_PATHS[page]}${search ? `?${search}` : ''}`;
}
