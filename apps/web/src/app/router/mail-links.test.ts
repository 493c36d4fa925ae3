import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { MAIL_LINK_PATHS, mailLink } from '@kikstart/contract/mail-links';
import { authRoutes, profileRoutes } from '../../features/auth/routes.tsx';
import { leadRoutes } from '../../features/leads/routes.tsx';
import { programRoutes } from '../../features/programs/routes.tsx';
import { enrollmentRoutes } from '../../features/enrollment/routes.tsx';
import { dashboardRoutes } from '../../features/dashboard/routes.tsx';
import { childRoutes } from '../../features/children/routes.tsx';
import { familyRoutes } from '../../features/family/routes.tsx';
import { paymentRoutes } from '../../features/payments/routes.tsx';
import { membershipRoutes, planRoutes } from '../../features/memberships/routes.tsx';
import { chatRoutes } from '../../features/chat/routes.tsx';
import { paths } from '../../lib/paths.ts';

const routePaths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...routePaths(r.children ?? [])]);

describe('mail links', () => {
  it('every page a mail links to is a route of the web app', () => {
    const registered = routePaths([
      ...authRoutes,
      ...profileRoutes,
      ...leadRoutes,
      ...programRoutes,
      ...enrollmentRoutes,
      ...dashboardRoutes,
      ...childRoutes,
      ...familyRoutes,
      ...paymentRoutes,
      ...planRoutes,
      ...membershipRoutes,
      ...chatRoutes,
    ]);
    for (const path of Object.values(MAIL_LINK_PATHS)) expect(registered, path).toContain(path);
  });

  it('the route registry takes the mail-link paths from the contract', () => {
    for (const [page, path] of Object.entries(MAIL_LINK_PATHS)) expect(paths[page as keyof typeof paths]).toBe(path);
  });

  it('builds links with encoded query values', () => {
    expect(mailLink('https://kikstart.example', 'resetPassword', { email: 'a+b@x.example', code: '123456' })).toBe(
      'https://kikstart.example/auth/reset-password?email=a%2Bb%40x.example&code=123456',
    );
    expect(mailLink('https://kikstart.example', 'enrollments')).toBe('https://kikstart.example/account/enrollments');
  });
});
