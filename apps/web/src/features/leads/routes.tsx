import type { RouteObject } from 'react-router';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { FormPageSkeleton } from '../../components/page-skeletons.tsx';

// Server-rendered pages (decision 0027): lazyPart, so they hydrate in one pass.
const BookCallPage = lazyPart('src/features/leads/book-call-page.tsx', () =>
  import('./book-call-page.tsx').then((m) => m.BookCallPage),
);
const BecomeCoachPage = lazyPart('src/features/leads/become-coach-page.tsx', () =>
  import('./become-coach-page.tsx').then((m) => m.BecomeCoachPage),
);
const RequestDemoPage = lazyPart('src/features/leads/request-demo-page.tsx', () =>
  import('./request-demo-page.tsx').then((m) => m.RequestDemoPage),
);
const NewsletterResultPage = lazyPage(
  () => import('./newsletter-result-page.tsx').then((m) => m.NewsletterResultPage),
  { skeleton: <FormPageSkeleton /> },
);

/** This feature's pages, mounted inside the root layout. Lazy-load each page (React.lazy). */
export const leadRoutes: RouteObject[] = [
  { path: paths.bookCall, element: <BookCallPage /> },
  { path: paths.becomeCoach, element: <BecomeCoachPage /> },
  { path: paths.requestDemo, element: <RequestDemoPage /> },
  { path: paths.newsletterConfirm, element: <NewsletterResultPage action="confirm" key="confirm" /> },
  { path: paths.newsletterUnsubscribe, element: <NewsletterResultPage action="unsubscribe" key="unsubscribe" /> },
];
