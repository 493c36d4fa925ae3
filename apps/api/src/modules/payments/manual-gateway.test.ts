import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, enrollments, transactions } from '@kikstart/db';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { holdSeat, initiate, mailsOf, payingFamily, post, termPrograms } from '../../../test/payment-fixtures.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  // The sandbox card gateway, with office payments offered beside it, held for 10 days.
  t = await createTestApp({ MANUAL_PAYMENTS_ALLOWED: 'true', MANUAL_HOLD_DAYS: '10' });
  admin = (await createUserWithSession(t, { role: 'admin' })).headers;
});
afterAll(() => t.close());

async function officeCheckout() {
  const family = await payingFamily(t, 1);
  const [program] = await termPrograms(t, [9_000]);
  const enrollmentId = await holdSeat(t, family.headers, family.children[0]!, program!.id);
  const res = await post(t, '/api/stripe-single-payment/initiate', family.headers, {
    enrollmentIds: [enrollmentId],
    payAtOffice: true,
  });
  expect(res.statusCode).toBe(200);
  return {
    family,
    enrollmentId,
    started: body<{ checkoutId: string; expiresAt: string; redirectUrl: string }>(res).data,
  };
}

const markReceived = (headers: Record<string, string>, payload: unknown) =>
  post(t, '/api/admin/payments/mark-received', headers, payload);

describe('manual gateway: pay at the office or by check', () => {
  it('holds the seat for MANUAL_HOLD_DAYS, and mark-received confirms it and mails the receipt once', async () => {
    const before = Date.now();
    const { family, enrollmentId, started } = await officeCheckout();
    const held = new Date(started.expiresAt).getTime() - before;
    expect(held).toBeGreaterThan(9.9 * 86_400_000);
    expect(started.redirectUrl).toContain(`/checkout/success?id=${started.checkoutId}`);
    const [seat] = await t.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    expect(seat!.holdExpiresAt!.getTime()).toBe(new Date(started.expiresAt).getTime());

    const payload = { checkoutId: started.checkoutId, amountCents: 9_000, method: 'check', reference: 'No. 1042' };
    for (let i = 0; i < 2; i++) {
      const res = await markReceived(admin, payload);
      expect(res.statusCode).toBe(200);
      expect(body<CheckoutOutcome>(res).data.state).toBe('paid');
    }
    const [after] = await t.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    expect(after!.status).toBe('confirmed');
    const rows = await t.db.select().from(transactions).where(eq(transactions.checkoutId, started.checkoutId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'payment', amountCents: 9_000, gatewayRef: 'manual:check:No. 1042' });
    expect(await mailsOf(t, family.email, 'payment-receipt')).toHaveLength(1);
  });

  it('is for admins only: parents and coaches get 403, signed out 401, and nothing changes', async () => {
    const { family, enrollmentId, started } = await officeCheckout();
    const coach = (await createUserWithSession(t, { role: 'coach' })).headers;
    const payload = { checkoutId: started.checkoutId, amountCents: 9_000, method: 'cash' };
    expect((await markReceived(family.headers, payload)).statusCode).toBe(403);
    expect((await markReceived(coach, payload)).statusCode).toBe(403);
    expect((await markReceived({}, payload)).statusCode).toBe(401);
    const [seat] = await t.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    expect(seat!.status).toBe('pending_payment');
  });

  it('refuses missing, malformed, oversized and hostile input with a code', async () => {
    const { started } = await officeCheckout();
    const good = { checkoutId: started.checkoutId, amountCents: 9_000, method: 'cash', reference: '' };
    const bad: unknown[] = [
      {},
      { ...good, checkoutId: 'not-a-uuid' },
      { ...good, amountCents: -5 },
      { ...good, amountCents: 12.5 },
      { ...good, amountCents: '9000' },
      { ...good, method: 'bitcoin' },
      { ...good, reference: 'x'.repeat(101) },
      { ...good, reference: '<script>alert(1)</script>' },
      { ...good, totalCents: 1 },
    ];
    for (const payload of bad) {
      const res = await markReceived(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).code).toBeTruthy();
    }
    const wrongAmount = await markReceived(admin, { ...good, amountCents: 100 });
    expect(wrongAmount.statusCode).toBe(422);
    const unknown = await markReceived(admin, { ...good, checkoutId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, started.checkoutId));
    expect(row!.status).toBe('open');
  });

  it('refuses to mark a card checkout received (409)', async () => {
    const family = await payingFamily(t, 1);
    const [program] = await termPrograms(t, [9_000]);
    const enrollmentId = await holdSeat(t, family.headers, family.children[0]!, program!.id);
    const card = await initiate(t, family.headers, [enrollmentId]);
    const res = await markReceived(admin, { checkoutId: card.checkoutId, amountCents: 9_000, method: 'cash' });
    expect(res.statusCode).toBe(409);
  });
});

describe('office payments not offered', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off.close());

  it('refuses payAtOffice with 422 when the operator does not allow it', async () => {
    const family = await payingFamily(off, 1);
    const [program] = await termPrograms(off, [9_000]);
    const enrollmentId = await holdSeat(off, family.headers, family.children[0]!, program!.id);
    const res = await post(off, '/api/stripe-single-payment/initiate', family.headers, {
      enrollmentIds: [enrollmentId],
      payAtOffice: true,
    });
    expect(res.statusCode).toBe(422);
    expect(body(res).code).toBe('UNPROCESSABLE');
  });
});

describe('payment options', () => {
  it('tells a parent that office payments are offered and for how long they hold', async () => {
    const family = await payingFamily(t, 1);
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-options', headers: family.headers });
    expect(body(res).data).toEqual({ card: true, payAtOffice: true, officeHoldDays: 10 });
    expect((await t.app.inject({ method: 'GET', url: '/api/payment-options' })).statusCode).toBe(401);
  });
});
