import { and, eq } from 'drizzle-orm';
import { checkouts, mailOutbox } from '@kikstart/db';
import type { CheckoutOutcome, CheckoutStarted } from '@kikstart/contract/payments';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { body, type TestApp } from './test-app.ts';
import { createUserWithSession } from './user-fixtures.ts';
import { addChild, createProgram, enroll } from './enrollment-fixtures.ts';
import type { GatewayEvent } from '../src/modules/payments/gateway.ts';
import { sandboxCardEvent } from '../src/modules/payments/sandbox-gateway.ts';

/** Test-only helpers for the payments tests. */

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  noFunds: '4000 0000 0000 9995',
} as const;

export const post = (t: TestApp, url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as never });

/** A verified parent with `kids` children (named Kid0, Kid1, …). */
export async function payingFamily(t: TestApp, kids = 2) {
  const s = await createUserWithSession(t);
  const children: string[] = [];
  for (let i = 0; i < kids; i++) children.push(await addChild(t, s.headers, { firstName: `Kid${i}` }));
  return { ...s, children };
}

/** Holds a seat for `childId` in `programId`; returns the enrollment id. */
export async function holdSeat(t: TestApp, headers: Record<string, string>, childId: string, programId: string) {
  const res = await enroll(t, headers, childId, programId);
  if (res.statusCode !== 200) throw new Error(`hold failed: ${res.body}`);
  return body<Enrollment>(res).data.id;
}

/** Programs whose dates overlap (one term), priced as given. */
export async function termPrograms(t: TestApp, prices: number[], overrides: Record<string, unknown> = {}) {
  return Promise.all(prices.map((priceCents) => createProgram(t, { priceCents, ...overrides })));
}

export async function initiate(
  t: TestApp,
  headers: Record<string, string>,
  enrollmentIds: string[],
  couponCode?: string,
) {
  const res = await post(t, '/api/stripe-single-payment/initiate', headers, {
    enrollmentIds,
    ...(couponCode ? { couponCode } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`initiate failed: ${res.statusCode} ${res.body}`);
  return body<CheckoutStarted>(res).data;
}

/**
 * A family holding one seat (in a new program, or the one given) with its checkout started;
 * a new family of one child unless one is given.
 */
export async function startedPayment(
  t: TestApp,
  { family, program }: { family?: Awaited<ReturnType<typeof payingFamily>>; program?: { id: string } } = {},
) {
  const f = family ?? (await payingFamily(t, 1));
  const seat = await holdSeat(t, f.headers, f.children[0]!, (program ?? (await createProgram(t))).id);
  const { checkoutId } = await initiate(t, f.headers, [seat]);
  return { family: f, seat, checkoutId };
}

/** The sandbox gateway's event for a card paying this checkout in full (as its webhook would carry it). */
export async function cardEventFor(t: TestApp, checkoutId: string, card: string = CARDS.ok): Promise<GatewayEvent> {
  const [c] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return sandboxCardEvent(card.replaceAll(' ', ''), {
    gatewayRef: c!.gatewayRef!,
    amountCents: c!.totalCents,
    currency: c!.currency,
  })!;
}

export const payWith = (t: TestApp, headers: Record<string, string>, checkoutId: string, cardNumber: string) =>
  post(t, '/api/sandbox/checkout/pay', headers, {
    checkoutId,
    cardNumber,
    expiry: '12/40',
    cvc: '123',
    name: 'Ana Martinez',
  });

export async function pay(
  t: TestApp,
  headers: Record<string, string>,
  checkoutId: string,
  cardNumber: string = CARDS.ok,
) {
  const res = await payWith(t, headers, checkoutId, cardNumber);
  if (res.statusCode !== 200) throw new Error(`pay failed: ${res.statusCode} ${res.body}`);
  return body<CheckoutOutcome>(res).data;
}

export const mailsOf = (t: TestApp, to: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
