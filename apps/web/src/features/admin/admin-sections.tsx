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

const catalog = {
  programs: lazy(() => import('./catalog/programs-page.tsx').then((m) => ({ default: m.ProgramsPage }))),
  programNew: lazy(() => import('./catalog/program-new-page.tsx').then((m) => ({ default: m.ProgramNewPage }))),
  programEdit: lazy(() => import('./catalog/program-edit-page.tsx').then((m) => ({ default: m.ProgramEditPage }))),
  schools: lazy(() => import('./catalog/schools-page.tsx').then((m) => ({ default: m.SchoolsPage }))),
  coaches: lazy(() => import('./catalog/coaches-page.tsx').then((m) => ({ default: m.CoachesPage }))),
  testimonials: lazy(() => import('./catalog/testimonials-page.tsx').then((m) => ({ default: m.TestimonialsPage }))),
  offers: lazy(() => import('./catalog/offers-page.tsx').then((m) => ({ default: m.OffersPage }))),
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
    page: lazy(() => import('./content/content-home-page.tsx').then((m) => ({ default: m.ContentHomePage }))),
    subpages: [
      {
        path: 'pages/:key',
        page: lazy(() =>
          import('./content/markdown-page-editor.tsx').then((m) => ({ default: m.MarkdownPageEditorPage })),
        ),
      },
      {
        path: 'landing',
        page: lazy(() => import('./content/landing-editor.tsx').then((m) => ({ default: m.LandingEditorPage }))),
      },
      {
        path: 'faq',
        page: lazy(() => import('./content/list-editors.tsx').then((m) => ({ default: m.FaqEditorPage }))),
      },
      {
        path: 'why-us',
        page: lazy(() => import('./content/list-editors.tsx').then((m) => ({ default: m.WhyUsEditorPage }))),
      },
      {
        path: 'contact',
        page: lazy(() => import('./content/details-editors.tsx').then((m) => ({ default: m.ContactEditorPage }))),
      },
      {
        path: 'footer',
        page: lazy(() => import('./content/details-editors.tsx').then((m) => ({ default: m.FooterEditorPage }))),
      },
      {
        path: 'waiver',
        page: lazy(() => import('./content/waiver-page.tsx').then((m) => ({ default: m.WaiverPage }))),
      },
      {
        path: 'waiver/:version',
        page: lazy(() => import('./content/waiver-version-page.tsx').then((m) => ({ default: m.WaiverVersionPage }))),
      },
    ],
  },
  {
    path: 'families',
    label: 'Families',
    summary: 'Find parents, children and staff; see enrollments, payments and plans; manage roles and access.',
    page: lazy(() => import('./families/families-page.tsx').then((m) => ({ default: m.FamiliesPage }))),
    subpages: [
      {
        path: ':familyId',
        page: lazy(() => import('./families/family-page.tsx').then((m) => ({ default: m.FamilyPage }))),
      },
    ],
  },
  {
    path: 'pickups',
    label: 'Pickups',
    summary: 'Pickups a coach refused because the person was not on the child’s list: follow up with the family.',
    page: lazy(() => import('./pickups/pickup-refusals-page.tsx').then((m) => ({ default: m.PickupRefusalsPage }))),
  },
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
  {
    path: 'audit-log',
    label: 'Audit log',
    summary: 'Who changed what and who read medical details, when and from where.',
    page: lazy(() => import('./audit-log/audit-log-page.tsx').then((m) => ({ default: m.AuditLogPage }))),
  },
];
