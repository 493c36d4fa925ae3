import type { ComponentType } from 'react';
import { lazyPage } from '../../lib/lazy-part.tsx';

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
  page: ComponentType;
  /** Pages inside the section (detail and edit pages), relative to its path: ':programId'. */
  subpages?: { path: string; page: ComponentType }[];
}

const catalog = {
  programs: lazyPage(() => import('./catalog/programs-page.tsx').then((m) => m.ProgramsPage)),
  programNew: lazyPage(() => import('./catalog/program-new-page.tsx').then((m) => m.ProgramNewPage)),
  programEdit: lazyPage(() => import('./catalog/program-edit-page.tsx').then((m) => m.ProgramEditPage)),
  schools: lazyPage(() => import('./catalog/schools-page.tsx').then((m) => m.SchoolsPage)),
  coaches: lazyPage(() => import('./catalog/coaches-page.tsx').then((m) => m.CoachesPage)),
  testimonials: lazyPage(() => import('./catalog/testimonials-page.tsx').then((m) => m.TestimonialsPage)),
  offers: lazyPage(() => import('./catalog/offers-page.tsx').then((m) => m.OffersPage)),
};

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'programs',
    label: 'Programs',
    summary: 'Create and edit programs: schedule, seats, price, coach, picture; publish or unpublish.',
    page: catalog.programs,
    subpages: [
      { path: 'new', page: catalog.programNew },
      { path: ':programId', page: catalog.programEdit },
    ],
  },
  {
    path: 'schools',
    label: 'Schools',
    summary: 'The schools programs run at; partner schools show on the public site.',
    page: catalog.schools,
  },
  {
    path: 'coaches',
    label: 'Coaches',
    summary: "Each coach's photo, bio and credentials, as families read them on program pages.",
    page: catalog.coaches,
  },
  {
    path: 'testimonials',
    label: 'Testimonials',
    summary: 'What families say on the home page: order, hide or publish, edit.',
    page: catalog.testimonials,
  },
  {
    path: 'offers',
    label: 'Offers',
    summary: 'Trial classes and promotions the site shows: order, hide or publish, edit.',
    page: catalog.offers,
  },
  {
    path: 'content',
    label: 'Content',
    summary: 'Pages, the home page, FAQ, footer and the waiver: edits show on the site at once.',
    page: lazyPage(() => import('./content/content-home-page.tsx').then((m) => m.ContentHomePage)),
    subpages: [
      {
        path: 'pages/:key',
        page: lazyPage(() => import('./content/markdown-page-editor.tsx').then((m) => m.MarkdownPageEditorPage)),
      },
      {
        path: 'landing',
        page: lazyPage(() => import('./content/landing-editor.tsx').then((m) => m.LandingEditorPage)),
      },
      {
        path: 'faq',
        page: lazyPage(() => import('./content/list-editors.tsx').then((m) => m.FaqEditorPage)),
      },
      {
        path: 'why-us',
        page: lazyPage(() => import('./content/list-editors.tsx').then((m) => m.WhyUsEditorPage)),
      },
      {
        path: 'contact',
        page: lazyPage(() => import('./content/details-editors.tsx').then((m) => m.ContactEditorPage)),
      },
      {
        path: 'footer',
        page: lazyPage(() => import('./content/details-editors.tsx').then((m) => m.FooterEditorPage)),
      },
      {
        path: 'waiver',
        page: lazyPage(() => import('./content/waiver-page.tsx').then((m) => m.WaiverPage)),
      },
      {
        path: 'waiver/:version',
        page: lazyPage(() => import('./content/waiver-version-page.tsx').then((m) => m.WaiverVersionPage)),
      },
    ],
  },
  {
    path: 'families',
    label: 'Families',
    summary: 'Find parents, children and staff; see enrollments, payments and plans; manage roles and access.',
    page: lazyPage(() => import('./families/families-page.tsx').then((m) => m.FamiliesPage)),
    subpages: [
      {
        path: ':familyId',
        page: lazyPage(() => import('./families/family-page.tsx').then((m) => m.FamilyPage)),
      },
    ],
  },
  {
    path: 'pickups',
    label: 'Pickups',
    summary: 'Pickups a coach refused because the person was not on the child’s list: follow up with the family.',
    page: lazyPage(() => import('./pickups/pickup-refusals-page.tsx').then((m) => m.PickupRefusalsPage)),
  },
  {
    path: 'leads',
    label: 'Leads',
    summary: 'Demo requests, calls, enquiries, school requests, coach applications and coach access: work each to won.',
    page: lazyPage(() => import('./leads/leads-page.tsx').then((m) => m.LeadsPage)),
    subpages: [
      {
        path: ':kind/:id',
        page: lazyPage(() => import('./leads/lead-detail-page.tsx').then((m) => m.LeadDetailPage)),
      },
    ],
  },
  {
    path: 'newsletter',
    label: 'Newsletter',
    summary: 'Who signed up for the newsletter, confirmed or not, with a CSV for your mailing tool.',
    page: lazyPage(() => import('./leads/newsletter-page.tsx').then((m) => m.NewsletterPage)),
  },
  {
    path: 'payments',
    label: 'Payments',
    summary: 'Every transaction; refund part or all of a payment with a reason.',
    page: lazyPage(() => import('./money/payments-page.tsx').then((m) => m.PaymentsPage)),
  },
  {
    path: 'office-payments',
    label: 'Office payments',
    summary: 'Cash and check payments waiting; mark the money received.',
    page: lazyPage(() => import('./money/office-payments-page.tsx').then((m) => m.OfficePaymentsPage)),
  },
  {
    path: 'refund-requests',
    label: 'Refund requests',
    summary: 'Drop-outs after the first session asking for a refund: approve or decline.',
    page: lazyPage(() => import('./money/refund-requests-page.tsx').then((m) => m.RefundRequestsPage)),
  },
  {
    path: 'coupons',
    label: 'Coupons',
    summary: 'Discount codes, their limits and who used them.',
    page: lazyPage(() => import('./money/coupons-page.tsx').then((m) => m.CouponsPage)),
  },
  {
    path: 'plans',
    label: 'Plans and discounts',
    summary: 'Membership prices and children covered; the sibling discount.',
    page: lazyPage(() => import('./money/plans-page.tsx').then((m) => m.PlansPage)),
  },
  {
    path: 'audit-log',
    label: 'Audit log',
    summary: 'Who changed what and who read medical details, when and from where.',
    page: lazyPage(() => import('./audit-log/audit-log-page.tsx').then((m) => m.AuditLogPage)),
  },
];
