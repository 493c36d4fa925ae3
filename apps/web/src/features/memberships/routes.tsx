import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const PlansPage = lazyPage(() => import('./plans-page.tsx').then((m) => m.PlansPage), {
  skeleton: <AccountPageSkeleton />,
});
const BillingPage = lazyPage(() => import('./billing-page.tsx').then((m) => m.BillingPage), {
  skeleton: <AccountPageSkeleton />,
});
const MembershipResultPage = lazyPage(
  () => import('./membership-result-page.tsx').then((m) => m.MembershipResultPage),
  { skeleton: <AccountPageSkeleton /> },
);

/** The plans page is public. */
export const planRoutes: RouteObject[] = [{ path: paths.plans, element: <PlansPage /> }];

/** Billing and the plan payment's return page: signed in only (app/router guards them). */
export const membershipRoutes: RouteObject[] = [
  { path: paths.billing, element: <BillingPage /> },
  { path: paths.membershipResult, element: <MembershipResultPage /> },
];
