import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RootLayout } from '../layouts/root-layout.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { LandingPage } from '../../features/landing/landing-page.tsx';
import { paths } from '../../lib/paths.ts';
import type { CmsPageKey } from '../../features/content/api/get-content-page.ts';
import { authRoutes } from '../../features/auth/routes.tsx';
import { leadRoutes } from '../../features/leads/routes.tsx';
import { familyRoutes } from '../../features/programs/routes.tsx';

// Everything but the landing page is split out, so the first visit downloads only what it shows.
const ContentPage = lazy(() => import('../../features/content/content-page.tsx').then((m) => ({ default: m.ContentPage })));
const SchoolsPage = lazy(() => import('../../features/content/schools-page.tsx').then((m) => ({ default: m.SchoolsPage })));
const NotFoundPage = lazy(() => import('../../features/errors/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

const cmsRoutes: { path: string; page: CmsPageKey }[] = [
  { path: paths.aboutUs, page: 'about-us' },
  { path: paths.whyUs, page: 'why-us-data' },
  { path: paths.faq, page: 'faq-data' },
  { path: paths.contactUs, page: 'contact-us-data' },
  { path: paths.privacyPolicy, page: 'privacy-policy' },
  { path: paths.termsAndConditions, page: 'terms-and-conditions' },
  { path: paths.photoPolicy, page: 'photo-policy' },
  { path: paths.harassmentPolicy, page: 'harassment-policy' },
];

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingPage /> },
      ...cmsRoutes.map(({ path, page }) => ({ path, element: <ContentPage page={page} key={page} /> })),
      { path: paths.schools, element: <SchoolsPage /> },
      // Each feature owns its routes (and lazy-loads its pages) in its own routes.tsx.
      ...authRoutes,
      ...leadRoutes,
      ...familyRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
