import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { leadsRoutes } from './leads/leads.routes.ts';
import { newsletterRoutes } from './leads/newsletter.routes.ts';
import { coachRoutes } from './leads/coach.routes.ts';
import { userRoutes } from './auth/user.routes.ts';
import { coachRoleRoutes } from './auth/coach-role.routes.ts';
import { devMailboxRoutes } from './dev-mailbox/dev-mailbox.routes.ts';
import { e2eFixtureRoutes } from './e2e-fixtures/e2e-fixtures.routes.ts';
import { childrenRoutes } from './children/children.routes.ts';
import { programsRoutes } from './programs/programs.routes.ts';
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
import { coachPortalRoutes } from './coach/coach-portal.routes.ts';
import { sessionsAdminRoutes } from './coach/sessions-admin.routes.ts';
import { childAttendanceRoutes } from './coach/child-attendance.routes.ts';

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
  coachPortalRoutes,
  sessionsAdminRoutes,
  childAttendanceRoutes,
];
