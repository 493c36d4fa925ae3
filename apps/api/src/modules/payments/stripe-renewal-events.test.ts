import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { enrollments, paymentEvents, subscriptions, transactions } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { mailsOf } from '../../../test/payment-fixtures.ts';
import { attach, renewNow } from '../../../test/membership-fixtures.ts';
import { createProgram, daysFromNow, enroll } from '../../../test/enrollment-fixtures.ts';
import {
  intentEvent,
  sendWebhook,
  startStripeStandIn,
  stripeMember,
  type StripeStandIn,
} from '../../../test/stripe-stand-in.ts';
import { chargeEventId } from './stripe-gateway.ts';

/**
 * A renewal's outcome comes twice through Stripe: the off-session create call's answer and the
 * payment_intent webhook. Either may come alone (the answer lost on the way, the webhook late)
 * or both, in either order: the failed-renewal and renewal rules act once per PaymentIntent.
 */

const DAY = 86_400_000;
const clock = new ManualClock();
let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(standIn.env, undefined, { clock });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  clock.set(new Date());
  standIn.declineChargesMatching = null;
  standIn.loseChargeAnswersMatching = null;
  standIn.onIntent = null;
});

/** A Stripe member whose one child is covered in a long program (its seat confirmed by the plan). */
async function memberWithSeat() {
  const member = await stripeMember(t);
  expect((await attach(t, member.family.headers, member.family.children[0]!)).statusCode).toBe(200);
  const program = await createProgram(t, { lastDate: daysFromNow(200) });
  const res = await enroll(t, member.family.headers, member.family.children[0]!, program.id);
  const seat = body<Enrollment>(res).data;
  expect(seat.status).toBe('confirmed');
  return { ...member, seatId: seat.id };
}

const subRow = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const seatRow = async (id: string) => (await t.db.select().from(enrollments).where(eq(enrollments.id, id)))[0]!;
const renewalKeys = (subId: string) => [...standIn.intents.keys()].filter((k) => k.startsWith(`renewal:${subId}:`));
/** The PaymentIntent of the latest renewal attempt the job made for a membership. */
const lastIntent = (subId: string) => standIn.intents.get(renewalKeys(subId).at(-1)!)!;
const planCharges = (familyId: string, kind: 'payment' | 'failed') =>
  t.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.familyId, familyId),
        eq(transactions.kind, kind),
        like(transactions.description, '%renewal%'),
      ),
    );

describe('a renewal decided by Stripe events', () => {
  it('fails by webhook only: past due, retried twice over a week, then ended with the seats held 7 days', async () => {
    const { family, sub, seatId } = await memberWithSeat();
    standIn.declineChargesMatching = sub.id;
    standIn.loseChargeAnswersMatching = sub.id;
    const due = sub.currentPeriodEnd.getTime();
    for (const [attempt, at] of [
      [1, due + 60_000],
      [2, due + 3 * DAY + 60_000],
      [3, due + 7 * DAY + 60_000],
    ] as const) {
      clock.set(new Date(at));
      await renewNow(t);
      // The job never heard back: the membership is as it was, until the webhook tells.
      expect((await subRow(sub.id)).failedAttempts).toBe(attempt - 1);
      const intent = lastIntent(sub.id);
      expect(intent.metadata).toMatchObject({ kind: 'renewal', subscriptionId: sub.id, attempt: String(attempt) });
      expect((await sendWebhook(t, intentEvent(`evt_fail_${attempt}_${sub.id}`, intent))).statusCode).toBe(200);
      if (attempt === 1) {
        expect(await subRow(sub.id)).toMatchObject({
          status: 'past_due',
          failedAttempts: 1,
          nextAttemptAt: new Date(due + 3 * DAY),
          lastFailureReason: PAYMENT_MESSAGES.insufficientFunds,
        });
        expect(await mailsOf(t, family.email, 'membership-renewal-failed')).toHaveLength(1);
        // Covered while the card is retried.
        expect((await seatRow(seatId)).status).toBe('confirmed');
      }
      if (attempt === 2) expect(await subRow(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 2 });
    }
    expect(await subRow(sub.id)).toMatchObject({ status: 'ended', endReason: 'renewal_failed', failedAttempts: 3 });
    expect(await planCharges(family.familyId!, 'failed')).toHaveLength(3);
    expect(await mailsOf(t, family.email, 'membership-renewal-failed')).toHaveLength(2);
    expect(await mailsOf(t, family.email, 'membership-ended')).toHaveLength(1);
    const held = await seatRow(seatId);
    expect(held.status).toBe('pending_payment');
    expect(held.holdExpiresAt).toEqual(new Date(due + 7 * DAY + 60_000 + 7 * DAY));
    expect(await mailsOf(t, family.email, 'membership-seat-held')).toHaveLength(1);
  });

  it('declined by the call, then by its webhook (replayed, and under another event id): acts once', async () => {
    const { family, sub } = await memberWithSeat();
    standIn.declineChargesMatching = sub.id;
    clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    await renewNow(t);
    expect(await subRow(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    const intent = lastIntent(sub.id);
    const event = intentEvent(`evt_fail_after_sync_${sub.id}`, intent);
    for (const sent of [event, event, { ...event, id: `evt_fail_again_${sub.id}` }])
      expect((await sendWebhook(t, sent)).statusCode).toBe(200);
    expect(await subRow(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(await planCharges(family.familyId!, 'failed')).toHaveLength(1);
    expect(await mailsOf(t, family.email, 'membership-renewal-failed')).toHaveLength(1);
    // One outcome for the intent; each Stripe event stored once, so a replay is visibly a no-op.
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, chargeEventId(intent.id))),
    ).toHaveLength(1);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
  });

  it('declined by webhook first, then the job runs again: no second charge, nothing twice', async () => {
    const { family, sub } = await memberWithSeat();
    standIn.declineChargesMatching = sub.id;
    standIn.loseChargeAnswersMatching = sub.id;
    clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    await renewNow(t);
    await sendWebhook(t, intentEvent(`evt_fail_first_${sub.id}`, lastIntent(sub.id)));
    expect(await subRow(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    // The answer is no longer lost: a call with the same key would now tell the job the decline.
    standIn.loseChargeAnswersMatching = null;
    for (const later of [0, 5 * 60_000, DAY]) {
      clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000 + later));
      await renewNow(t);
    }
    expect(renewalKeys(sub.id)).toHaveLength(1);
    expect(await subRow(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(await planCharges(family.familyId!, 'failed')).toHaveLength(1);
    expect(await mailsOf(t, family.email, 'membership-renewal-failed')).toHaveLength(1);
  });

  it('a webhook arriving while the charge call is in flight waits for the job and changes nothing', async () => {
    const { family, sub } = await memberWithSeat();
    standIn.declineChargesMatching = sub.id;
    let delivered: Promise<{ statusCode: number }> | null = null;
    // Stripe sends the webhook before the create call has answered (the job holds the row lock).
    standIn.onIntent = (intent) => {
      delivered = sendWebhook(t, intentEvent(`evt_in_flight_${sub.id}`, intent));
    };
    clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    await renewNow(t);
    expect(delivered).not.toBeNull();
    expect((await delivered!).statusCode).toBe(200);
    expect(await subRow(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(await planCharges(family.familyId!, 'failed')).toHaveLength(1);
    expect(await mailsOf(t, family.email, 'membership-renewal-failed')).toHaveLength(1);
  });

  it('a renewal paid by webhook only, or by the call and then its webhook, renews once', async () => {
    const { family, sub } = await memberWithSeat();
    const firstEnd = sub.currentPeriodEnd;
    standIn.loseChargeAnswersMatching = sub.id;
    clock.set(new Date(firstEnd.getTime() + 60_000));
    await renewNow(t);
    expect((await subRow(sub.id)).currentPeriodEnd).toEqual(firstEnd);
    const paid = intentEvent(`evt_paid_${sub.id}`, lastIntent(sub.id));
    expect(paid.type).toBe('payment_intent.succeeded');
    for (let i = 0; i < 2; i++) expect((await sendWebhook(t, paid)).statusCode).toBe(200);
    const renewed = await subRow(sub.id);
    expect(renewed).toMatchObject({ status: 'active', failedAttempts: 0, currentPeriodStart: firstEnd });
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(firstEnd.getTime());
    // The job runs again: the period is paid, so nothing is charged.
    standIn.loseChargeAnswersMatching = null;
    await renewNow(t);
    expect(renewalKeys(sub.id)).toHaveLength(1);

    // The next period: the call answers, then its webhook comes.
    clock.set(new Date(renewed.currentPeriodEnd.getTime() + 60_000));
    await renewNow(t);
    await sendWebhook(t, intentEvent(`evt_paid_after_sync_${sub.id}`, lastIntent(sub.id)));
    const again = await subRow(sub.id);
    expect(again.currentPeriodStart).toEqual(renewed.currentPeriodEnd);
    expect(await planCharges(family.familyId!, 'payment')).toHaveLength(2);
    expect(await mailsOf(t, family.email, 'membership-renewed')).toHaveLength(2);
  });

  it('an event for an attempt already decided, an upgrade, or metadata we did not write changes nothing', async () => {
    const { family, sub } = await memberWithSeat();
    standIn.declineChargesMatching = sub.id;
    clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    await renewNow(t);
    const intent = lastIntent(sub.id);
    const stale = { ...intent, id: 'pi_stale_attempt' };
    const hostile = [
      intentEvent(`evt_stale_${sub.id}`, stale),
      intentEvent(`evt_upgrade_${sub.id}`, { ...stale, metadata: { kind: 'upgrade', subscriptionId: sub.id } }),
      intentEvent(`evt_bad_id_${sub.id}`, { ...stale, metadata: { ...intent.metadata, subscriptionId: "x' or 1=1" } }),
      intentEvent(`evt_bad_attempt_${sub.id}`, { ...stale, metadata: { ...intent.metadata, attempt: '1e9' } }),
      intentEvent(`evt_bad_date_${sub.id}`, { ...stale, metadata: { ...intent.metadata, periodStart: 'soon' } }),
      intentEvent(`evt_unknown_${sub.id}`, {
        ...stale,
        metadata: { ...intent.metadata, subscriptionId: crypto.randomUUID() },
      }),
    ];
    for (const event of hostile) expect((await sendWebhook(t, event)).statusCode).toBe(200);
    expect(await subRow(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(await planCharges(family.familyId!, 'failed')).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, chargeEventId(stale.id))),
    ).toHaveLength(0);
  });
});
