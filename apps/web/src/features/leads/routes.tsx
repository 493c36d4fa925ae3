import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const BookCallPage = lazy(() => import('./book-call-page.tsx').then((m) => ({ default: m.BookCallPage })));
const BecomeCoachPage = lazy(() => import('./become-coach-page.tsx').then((m) => ({ default: m.BecomeCoachPage })));
const NewsletterResultPage = lazy(() =>
  import('./newsletter-result-page.tsx').then((m) => ({ default: m.NewsletterResultPage })),
);

/** This feature's pages, mounted inside the root layout. Lazy-load each page (React.lazy). */
export const leadRoutes: RouteObject[] = [
  { path: paths.bookCall, element: <BookCallPage /> },
  { path: paths.becomeCoach, element: <BecomeCoachPage /> },
  { path: paths.newsletterConfirm, element: <NewsletterResultPage action="confirm" key="confirm" /> },
  { path: paths.newsletterUnsubscribe, element: <NewsletterResultPage action="unsubscribe" key="unsubscribe" /> },
];
