import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const PlansPage = lazy(() => import('./plans-page.tsx').then((m) => ({ default: m.PlansPage })));
const BillingPage = lazy(() => import('./billing-page.tsx').then((m) => ({ default: m.BillingPage })));
const MembershipResultPage = lazy(() =>
  import('./membership-result-page.tsx').then((m) => ({ default: m.MembershipResultPage })),
);

/** The plans page is public. */
export const planRoutes: RouteObject[] = [{ path: paths.plans, element: <PlansPage /> }];

/** Billing and the plan payment's return page: signed in only (app/router guards them). */
export const membershipRoutes: RouteObject[] = [
  { path: paths.billing, element: <BillingPage /> },
  { path: paths.membershipResult, element: <MembershipResultPage /> },
];
