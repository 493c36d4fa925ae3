import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';

const PlansPage = lazyPage(() => import('./plans-page.tsx').then((m) => m.PlansPage));
const BillingPage = lazyPage(() => import('./billing-page.tsx').then((m) => m.BillingPage));
const MembershipResultPage = lazyPage(() => import('./membership-result-page.tsx').then((m) => m.MembershipResultPage));

/** The plans page is public. */
export const planRoutes: RouteObject[] = [{ path: paths.plans, element: <PlansPage /> }];

/** Billing and the plan payment's return page: signed in only (app/router guards them). */
export const membershipRoutes: RouteObject[] = [
  { path: paths.billing, element: <BillingPage /> },
  { path: paths.membershipResult, element: <MembershipResultPage /> },
];
