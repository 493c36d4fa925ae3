import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The staff console's sections, one row each: the side navigation, the routes and the console
 * home are all made from this table. A section lives in its own folder under features/admin/
 * and lazy-loads its pages, so a parent never downloads console code.
 */
export interface AdminSection {
  /** Below /admin: 'programs' → /admin/programs. */
  path: string;
  label: string;
  /** One line on the console home: what staff do here. */
  summary: string;
  page: LazyExoticComponent<ComponentType>;
  /** Pages inside the section (detail and edit pages), relative to its path: ':programId'. */
  subpages?: { path: string; page: LazyExoticComponent<ComponentType> }[];
}

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'payments',
    label: 'Payments',
    summary: 'Every transaction; refund part or all of a payment with a reason.',
    page: lazy(() => import('./money/payments-page.tsx').then((m) => ({ default: m.PaymentsPage }))),
  },
  {
    path: 'office-payments',
    label: 'Office payments',
    summary: 'Cash and check payments waiting; mark the money received.',
    page: lazy(() => import('./money/office-payments-page.tsx').then((m) => ({ default: m.OfficePaymentsPage }))),
  },
  {
    path: 'refund-requests',
    label: 'Refund requests',
    summary: 'Drop-outs after the first session asking for a refund: approve or decline.',
    page: lazy(() => import('./money/refund-requests-page.tsx').then((m) => ({ default: m.RefundRequestsPage }))),
  },
  {
    path: 'coupons',
    label: 'Coupons',
    summary: 'Discount codes, their limits and who used them.',
    page: lazy(() => import('./money/coupons-page.tsx').then((m) => ({ default: m.CouponsPage }))),
  },
  {
    path: 'plans',
    label: 'Plans and discounts',
    summary: 'Membership prices and children covered; the sibling discount.',
    page: lazy(() => import('./money/plans-page.tsx').then((m) => ({ default: m.PlansPage }))),
  },
];
