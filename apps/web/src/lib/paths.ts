import { MAIL_LINK_PATHS } from '@kikstart/contract/mail-links';
import type { Role } from '@kikstart/contract/roles';
import { PROGRAM_PAGE_PATH, PUBLIC_PAGE_PATHS } from '@kikstart/contract/public-pages';

/** Typed route registry: one place for every path the app links to (mail-link pages come from the contract). */
export const paths = {
  // The public pages (server-rendered, in the sitemap) come from the contract too.
  ...PUBLIC_PAGE_PATHS,
  // Accounts. Mail links from the API point at verifyEmail, resetPassword, forgotPassword and login.
  login: MAIL_LINK_PATHS.login,
  signup: '/auth/signup',
  verifyEmail: MAIL_LINK_PATHS.verifyEmail,
  forgotPassword: MAIL_LINK_PATHS.forgotPassword,
  resetPassword: MAIL_LINK_PATHS.resetPassword,
  profile: '/account/profile',
  devMailbox: '/dev/mailbox',
  // Lead capture. Newsletter mail links point at newsletterConfirm and newsletterUnsubscribe.
  newsletterConfirm: MAIL_LINK_PATHS.newsletterConfirm,
  newsletterUnsubscribe: MAIL_LINK_PATHS.newsletterUnsubscribe,
  // Families, programs and enrollment. Waitlist offer mail points at enrollments; invites at familyJoin.
  programDetails: PROGRAM_PAGE_PATH,
  enroll: '/programs/:id/enroll',
  dashboard: '/account',
  children: '/account/children',
  childNew: '/account/children/new',
  child: '/account/children/:id',
  childEdit: '/account/children/:id/edit',
  enrollments: MAIL_LINK_PATHS.enrollments,
  family: MAIL_LINK_PATHS.family,
  familyJoin: MAIL_LINK_PATHS.familyJoin,
  // Payments. The API's redirect and return URLs point at checkoutSandbox, checkoutSuccess and checkoutCancelled.
  checkout: '/account/checkout',
  checkoutSandbox: MAIL_LINK_PATHS.checkoutSandbox,
  checkoutSuccess: MAIL_LINK_PATHS.checkoutSuccess,
  checkoutCancelled: MAIL_LINK_PATHS.checkoutCancelled,
  transactions: MAIL_LINK_PATHS.transactions,
  receipt: MAIL_LINK_PATHS.receipt,
  // Memberships. Membership mails link to billing; the gateway returns to membershipResult.
  plans: MAIL_LINK_PATHS.plans,
  billing: MAIL_LINK_PATHS.billing,
  membershipResult: MAIL_LINK_PATHS.membershipResult,
  // Staff. features/admin/admin-sections.tsx lists the console's sections below it.
  admin: '/admin',
  // Coach portal: my programs, a program's sessions, a session's roster, my public profile.
  coach: '/coach',
  coachProfile: '/coach/profile',
  coachProgram: '/coach/programs/:programId',
  coachSession: '/coach/programs/:programId/sessions/:date',
  coachSessionPhotos: '/coach/programs/:programId/sessions/:date/photos',
  // Gallery: the family's class photos.
  gallery: '/account/gallery',
  // Chat: the conversation list, ?conversation=<id> opens a thread (the unread-message mail links there).
  chat: MAIL_LINK_PATHS.chat,
} as const;

/**
 * Where signing in lands without a `next`: a parent's dashboard; an account with no family (staff
 * only) has no dashboard, so the coach portal, or the staff console for an admin.
 */
export function homeFor(roles: readonly Role[]) {
  if (roles.includes('parent')) return paths.dashboard;
  if (roles.includes('coach')) return paths.coach;
  if (roles.includes('admin')) return paths.admin;
  return paths.dashboard;
}

/** The checkout with these held seats ticked: checkoutFor(['id1', 'id2']) → /account/checkout?enrollments=id1,id2. */
export function checkoutFor(enrollmentIds: string[]) {
  return enrollmentIds.length
    ? `${paths.checkout}?enrollments=${enrollmentIds.map(encodeURIComponent).join(',')}`
    : paths.checkout;
}

/** Fills `:param` placeholders: pathTo(paths.child, { id }) → /account/children/<id>. */
export function pathTo(path: string, params: Record<string, string>) {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export interface NavItem {
  label: string;
  to: string;
}

/** Main navigation, in header and drawer order. */
export const mainNav: NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'Programs', to: paths.programs },
  { label: 'About', to: paths.aboutUs },
  { label: 'Why us', to: paths.whyUs },
  { label: 'FAQ', to: paths.faq },
  { label: 'Contact', to: paths.contactUs },
  { label: 'Schools', to: paths.schools },
];

export const policyNav: NavItem[] = [
  { label: 'Privacy policy', to: paths.privacyPolicy },
  { label: 'Terms and conditions', to: paths.termsAndConditions },
  { label: 'Photo policy', to: paths.photoPolicy },
  { label: 'Anti-harassment policy', to: paths.harassmentPolicy },
];
