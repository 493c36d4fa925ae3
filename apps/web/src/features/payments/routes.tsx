import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const CheckoutPage = lazy(() => import('./checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })));
const SandboxCheckoutPage = lazy(() => import('./sandbox-page.tsx').then((m) => ({ default: m.SandboxCheckoutPage })));
const CheckoutResultPage = lazy(() =>
  import('./checkout-result-page.tsx').then((m) => ({ default: m.CheckoutResultPage })),
);
const CheckoutCancelledPage = lazy(() =>
  import('./checkout-cancelled-page.tsx').then((m) => ({ default: m.CheckoutCancelledPage })),
);
const TransactionsPage = lazy(() => import('./transactions-page.tsx').then((m) => ({ default: m.TransactionsPage })));
const ReceiptPage = lazy(() => import('./receipt-page.tsx').then((m) => ({ default: m.ReceiptPage })));

/** Checkout, the sandbox gateway's page, the return pages, payments and receipts; signed in only (app/router guards them). */
export const paymentRoutes: RouteObject[] = [
  { path: paths.checkout, element: <CheckoutPage /> },
  { path: paths.checkoutSandbox, element: <SandboxCheckoutPage /> },
  { path: paths.checkoutSuccess, element: <CheckoutResultPage /> },
  { path: paths.checkoutCancelled, element: <CheckoutCancelledPage /> },
  { path: paths.transactions, element: <TransactionsPage /> },
  { path: paths.receipt, element: <ReceiptPage /> },
];
