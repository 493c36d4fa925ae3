import { eq } from 'drizzle-orm';
import { membershipPlans } from '@kikstart/db';
import type { Billing, PlanCheckout, SubscriptionOutcome } from '@kikstart/contract/memberships';
import { body, TEST_PUBLIC_URL, type TestApp } from './test-app.ts';
import { CARDS, pay, post } from './payment-fixtures.ts';
import { runRenewals } from '../src/modules/memberships/renewals.ts';

/** Test-only helpers for the memberships tests. */

export const MONTHLY = 'super-parent-monthly';
export const YEARLY = 'super-parent-yearly';
/** Stripe's card that attaches to the customer and fails later charges. */
export const FAILS_RENEWAL = '4000 0000 0000 0341';

export async function planId(t: TestApp, slug: string) {
  const [plan] = await t.db
    .select({ id: membershipPlans.id })
    .from(membershipPlans)
    .where(eq(membershipPlans.slug, slug));
  return plan!.id;
}

/** Buys a plan through the sandbox (initiate, card, create) and answers the create outcome. */
export async function subscribe(
  t: TestApp,
  headers: Record<string, string>,
  opts: { plan?: string; card?: string; couponCode?: string } = {},
) {
  const started = await post(t, '/api/stripe-subscription/initiate', headers, {
    planId: await planId(t, opts.plan ?? MONTHLY),
    ...(opts.couponCode ? { couponCode: opts.couponCode } : {}),
  });
  if (started.statusCode !== 200) throw new Error(`initiate failed: ${started.statusCode} ${started.body}`);
  const checkout = body<PlanCheckout>(started).data;
  await pay(t, headers, checkout.checkoutId, opts.card ?? CARDS.ok);
  const created = await post(t, '/api/stripe-subscription/create', headers, { checkoutId: checkout.checkoutId });
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  return { checkout, outcome: body<SubscriptionOutcome>(created).data, message: body(created).message };
}

export const attach = (t: TestApp, headers: Record<string, string>, childId: string) =>
  post(t, '/api/stripe-subscription/enroll-super-child', headers, { childId });

export async function billing(t: TestApp, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/stripe-subscription/details', headers });
  return body<Billing>(res).data;
}

/** One pass of the renewal job at the app clock's time. */
export const renewNow = (t: TestApp) =>
  runRenewals({
    db: t.db,
    gateway: t.app.paymentGateway,
    publicUrl: TEST_PUBLIC_URL,
    now: t.clock.now(),
  });
