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
    path: 'leads',
    label: 'Leads',
    summary: 'Demo requests, calls, enquiries, school requests, coach applications and coach access: work each to won.',
    page: lazy(() => import('./leads/leads-page.tsx').then((m) => ({ default: m.LeadsPage }))),
    subpages: [
      {
        path: ':kind/:id',
        page: lazy(() => import('./leads/lead-detail-page.tsx').then((m) => ({ default: m.LeadDetailPage }))),
      },
    ],
  },
  {
    path: 'newsletter',
    label: 'Newsletter',
    summary: 'Who signed up for the newsletter, confirmed or not, with a CSV for your mailing tool.',
    page: lazy(() => import('./leads/newsletter-page.tsx').then((m) => ({ default: m.NewsletterPage }))),
  },
];
