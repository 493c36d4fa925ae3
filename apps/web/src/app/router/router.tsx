import { Outlet } from 'react-router';
import type { RouteObject } from 'react-router';
import { RootLayout } from '../layouts/root-layout.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { LandingPage } from '../../features/landing/landing-page.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { paths } from '../../lib/paths.ts';
import type { CmsPageKey } from '../../features/content/api/get-content-page.ts';
import { authRoutes, profileRoutes } from '../../features/auth/routes.tsx';
import { RequireAuth } from '../../features/auth/require-auth.tsx';
import { devMailboxRoutes } from '../../features/dev-mailbox/routes.tsx';
import { leadRoutes } from '../../features/leads/routes.tsx';
import { programRoutes } from '../../features/programs/routes.tsx';
import { enrollmentRoutes } from '../../features/enrollment/routes.tsx';
import { dashboardRoutes } from '../../features/dashboard/routes.tsx';
import { childRoutes } from '../../features/children/routes.tsx';
import { familyRoutes } from '../../features/family/routes.tsx';
import { paymentRoutes } from '../../features/payments/routes.tsx';
import { membershipRoutes, planRoutes } from '../../features/memberships/routes.tsx';
import { adminRoutes } from '../../features/admin/routes.tsx';
import { coachRoutes } from '../../features/coach/routes.tsx';
import { RequireCoach } from '../../features/coach/require-coach.tsx';
import { galleryRoutes, galleryStaffRoutes } from '../../features/gallery/routes.tsx';
import { chatRoutes } from '../../features/chat/routes.tsx';

// The lead forms some content pages show: composed here, since one feature may not import another.
const loadSchoolRequestForm = () =>
  import('../../features/leads/components/school-request-form.tsx').then((m) => m.default);
const EnquiryForm = lazyPart('src/features/leads/components/enquiry-form.tsx', () =>
  import('../../features/leads/components/enquiry-form.tsx').then((m) => m.default),
);
const SchoolRequestForm = lazyPart('src/features/leads/components/school-request-form.tsx', loadSchoolRequestForm);

// Everything but the landing page is split out, so the first visit downloads only what it shows.
const ContentPage = lazyPart('src/features/content/content-page.tsx', () =>
  import('../../features/content/content-page.tsx').then((m) => m.ContentPage),
);
// The schools page always shows its form: both chunks load together, so the form is there with the page.
const SchoolsPage = lazyPart('src/features/content/schools-page.tsx', () =>
  Promise.all([import('../../features/content/schools-page.tsx'), loadSchoolRequestForm()]).then(
    ([m]) => m.SchoolsPage,
  ),
);
const NotFoundPage = lazyPart('src/features/errors/not-found-page.tsx', () =>
  import('../../features/errors/not-found-page.tsx').then((m) => m.NotFoundPage),
);

const cmsRoutes: { path: string; page: CmsPageKey; form?: 'contact' | 'enquiry' }[] = [
  { path: paths.aboutUs, page: 'about-us' },
  { path: paths.whyUs, page: 'why-us-data' },
  { path: paths.faq, page: 'faq-data', form: 'enquiry' },
  { path: paths.contactUs, page: 'contact-us-data', form: 'contact' },
  { path: paths.privacyPolicy, page: 'privacy-policy' },
  { path: paths.termsAndConditions, page: 'terms-and-conditions' },
  { path: paths.photoPolicy, page: 'photo-policy' },
  { path: paths.harassmentPolicy, page: 'harassment-policy' },
];

/** The route tree: the browser router (main.tsx) and the server renderer (entry-server.tsx) share it. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      ...cmsRoutes.map(({ path, page, form }) => ({
        path,
        element: <ContentPage page={page} key={page} form={form && <EnquiryForm kind={form} />} />,
      })),
      { path: paths.schools, element: <SchoolsPage requestForm={<SchoolRequestForm />} /> },
      // Each feature owns its routes (and lazy-loads its pages) in its own routes.tsx.
      ...authRoutes,
      ...leadRoutes,
      ...programRoutes,
      ...planRoutes,
      ...devMailboxRoutes,
      // Signed-in pages: logged-out visitors go to the login page with next=<this page>.
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          ...profileRoutes,
          ...enrollmentRoutes,
          ...dashboardRoutes,
          ...childRoutes,
          ...familyRoutes,
          ...paymentRoutes,
          ...membershipRoutes,
          ...adminRoutes,
          ...coachRoutes,
          ...galleryRoutes,
          {
            element: (
              <RequireCoach>
                <Outlet />
              </RequireCoach>
            ),
            children: galleryStaffRoutes,
          },
          ...chatRoutes,
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
