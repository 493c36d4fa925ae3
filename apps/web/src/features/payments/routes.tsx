import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const CheckoutPage = lazyPage(() => import('./checkout-page.tsx').then((m) => m.CheckoutPage), {
  skeleton: <AccountPageSkeleton />,
});
const SandboxCheckoutPage = lazyPage(() => import('./sandbox-page.tsx').then((m) => m.SandboxCheckoutPage), {
  skeleton: <AccountPageSkeleton />,
});
const CheckoutResultPage = lazyPage(() => import('./checkout-result-page.tsx').then((m) => m.CheckoutResultPage), {
  skeleton: <AccountPageSkeleton />,
});
const CheckoutCancelledPage = lazyPage(
  () => import('./checkout-cancelled-page.tsx').then((m) => m.CheckoutCancelledPage),
  { skeleton: <AccountPageSkeleton /> },
);
const TransactionsPage = lazyPage(() => import('./transactions-page.tsx').then((m) => m.TransactionsPage), {
  skeleton: <AccountPageSkeleton />,
});
const ReceiptPage = lazyPage(() => import('./receipt-page.tsx').then((m) => m.ReceiptPage), {
  skeleton: <AccountPageSkeleton />,
});

/** Checkout, the sandbox gateway's page, the return pages, payments and receipts; signed in only (app/router guards them). */
export const paymentRoutes: RouteObject[] = [
  { path: paths.checkout, element: <CheckoutPage /> },
  { path: paths.checkoutSandbox, element: <SandboxCheckoutPage /> },
  { path: paths.checkoutSuccess, element: <CheckoutResultPage /> },
  { path: paths.checkoutCancelled, element: <CheckoutCancelledPage /> },
  { path: paths.transactions, element: <TransactionsPage /> },
  { path: paths.receipt, element: <ReceiptPage /> },
];
