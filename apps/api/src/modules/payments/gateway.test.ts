import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, couponRedemptions } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { loadConfig } from '../../config/env.ts';
import { body, createTestApp, getEach, type TestApp } from '../../../test/test-app.ts';
import { holdSeat, payingFamily, post, termPrograms } from '../../../test/payment-fixtures.ts';

describe('a gateway other than the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_GATEWAY: 'stripe' });
  });
  afterAll(() => t.close());

  it('has no sandbox routes, and a checkout it cannot open ends at once, releasing seats and coupon (503)', async () => {
    const f = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900]);
    const seat = await holdSeat(t, f.headers, f.children[0]!, p!.id);
    const pay = await post(t, '/api/sandbox/checkout/pay', f.headers, {
      checkoutId: crypto.randomUUID(),
      cardNumber: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      name: 'A',
    });
    expect(pay.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/sandbox/checkout?id=${crypto.randomUUID()}`, headers: f.headers })).statusCode,
    ).toBe(404);

    const res = await post(t, '/api/stripe-single-payment/initiate', f.headers, {
      enrollmentIds: [seat],
      couponCode: 'WELCOME10',
    });
    expect(body(res)).toMatchObject({ status: 503, message: PAYMENT_MESSAGES.gatewayUnavailable });
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.familyId, f.familyId!));
    expect(checkout!.status).toBe('failed');
    const [redemption] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.checkoutId, checkout!.id));
    expect(redemption!.status).toBe('released');
  });

  it('the sandbox is refused in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_GATEWAY: 'sandbox',
        PUBLIC_URL: 'https://www.example.com',
        SMTP_URL: 'smtp://mail.example.com',
      }),
    ).toThrow(/PAYMENT_GATEWAY: the sandbox gateway is off in production/);
  });

  it('checking coupon codes is rate-limited per user (guessing codes)', async () => {
    const f = await payingFamily(t, 1);
    const other = await payingFamily(t, 0);
    const verify = (headers: Record<string, string>) =>
      post(t, '/api/coupon/verify', headers, { enrollmentIds: [crypto.randomUUID()], code: 'GUESS1' });
    for (let i = 0; i < 20; i++) expect((await verify(f.headers)).statusCode).toBe(404);
    const limited = await verify(f.headers);
    expect(body(limited)).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many requests/) });
    expect((await verify(other.headers)).statusCode).toBe(404);
  });

  it('lists and receipts refuse bad queries with a 400', async () => {
    const f = await payingFamily(t, 0);
    const badQueries = [
      '/api/transaction/list?limit=51',
      '/api/transaction/list?page=0',
      '/api/transaction/list?limit=abc',
      '/api/transaction/receipt?id=nope',
      '/api/transaction/receipt',
    ];
    for (const [url, res] of await getEach(t, badQueries, f.headers)) expect(res.statusCode, url).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/transaction/receipt?id=${crypto.randomUUID()}`, headers: f.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/transaction/list' })).statusCode).toBe(401);
  });
});
