import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { adminContentRoutes } from './content/admin-content.routes.ts';
import { leadsRoutes } from './leads/leads.routes.ts';
import { newsletterRoutes } from './leads/newsletter.routes.ts';
import { coachRoutes } from './leads/coach.routes.ts';
import { adminLeadsRoutes } from './leads/admin-leads.routes.ts';
import { userRoutes } from './auth/user.routes.ts';
import { coachRoleRoutes } from './auth/coach-role.routes.ts';
import { devMailboxRoutes } from './dev-mailbox/dev-mailbox.routes.ts';
import { e2eFixtureRoutes } from './e2e-fixtures/e2e-fixtures.routes.ts';
import { childrenRoutes } from './children/children.routes.ts';
import { programsRoutes } from './programs/programs.routes.ts';
import { adminProgramsRoutes } from './programs/admin-programs.routes.ts';
import { adminSchoolsRoutes } from './programs/admin-schools.routes.ts';
import { adminCoachesRoutes } from './programs/admin-coaches.routes.ts';
import { adminTestimonialsRoutes } from './content/admin-testimonials.routes.ts';
import { adminOffersRoutes } from './content/admin-offers.routes.ts';
import { enrollmentsRoutes } from './enrollments/enrollments.routes.ts';
import { familyRoutes } from './family/family.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { dataRightsRoutes } from './family/data-rights.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { membershipsRoutes } from './memberships/memberships.routes.ts';
import { statementRoutes } from './statement/statement.routes.ts';
import { manualPaymentsRoutes } from './payments/manual-payments.routes.ts';
import { stripeWebhookRoutes } from './payments/stripe-webhook.routes.ts';
import { adminAccountsRoutes } from './auth/admin-accounts.routes.ts';
import { adminFamiliesRoutes } from './family/admin-families.routes.ts';
import { adminDashboardRoutes } from './dashboard/admin-dashboard.routes.ts';
import { adminAuditLogRoutes } from './audit/admin-audit-log.routes.ts';
import { adminPlansRoutes } from './memberships/admin-plans.routes.ts';
import { adminCouponsRoutes } from './payments/admin-coupons.routes.ts';
import { adminTransactionsRoutes } from './payments/admin-transactions.routes.ts';
import { adminRefundRequestsRoutes } from './payments/admin-refund-requests.routes.ts';
import { coachPortalRoutes } from './coach/coach-portal.routes.ts';
import { coachProfileRoutes } from './coach/coach-profile.routes.ts';
import { sessionsAdminRoutes } from './coach/sessions-admin.routes.ts';
import { childAttendanceRoutes } from './coach/child-attendance.routes.ts';
import { galleryRoutes } from './gallery/gallery.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';

/** Every API module, mounted under /api. Add a module here when you add a domain folder. */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  contentRoutes,
  leadsRoutes,
  newsletterRoutes,
  coachRoutes,
  userRoutes,
  coachRoleRoutes,
  devMailboxRoutes,
  e2eFixtureRoutes,
  childrenRoutes,
  programsRoutes,
  adminProgramsRoutes,
  adminSchoolsRoutes,
  adminCoachesRoutes,
  adminTestimonialsRoutes,
  adminOffersRoutes,
  enrollmentsRoutes,
  familyRoutes,
  calendarRoutes,
  dataRightsRoutes,
  filesRoutes,
  paymentsRoutes,
  membershipsRoutes,
  statementRoutes,
  manualPaymentsRoutes,
  stripeWebhookRoutes,
  adminAccountsRoutes,
  adminFamiliesRoutes,
  adminContentRoutes,
  adminDashboardRoutes,
  adminAuditLogRoutes,
  adminLeadsRoutes,
  adminPlansRoutes,
  adminCouponsRoutes,
  adminTransactionsRoutes,
  adminRefundRequestsRoutes,
  coachPortalRoutes,
  coachProfileRoutes,
  sessionsAdminRoutes,
  childAttendanceRoutes,
  galleryRoutes,
  chatRoutes,
];
