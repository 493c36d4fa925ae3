import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { auditLog, coupons, membershipPlans, subscriptions } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { ADMIN_MONEY_MESSAGES, type AdminCoupon, type AdminPlan, type CouponUse } from '@kikstart/contract/admin-money';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { daysFromNow } from '../../../test/enrollment-fixtures.ts';
import { holdSeat, initiate, pay, payingFamily, post, termPrograms } from '../../../test/payment-fixtures.ts';

const t = useTestApp();
const admin = async () => (await createUserWithSession(t, { role: 'admin' })).headers;
const send = (method: 'PUT' | 'PATCH', url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as never });
const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });

let codeCounter = 0;
const couponInput = (overrides: Record<string, unknown> = {}) => ({
  code: `spring-${++codeCounter}-${Date.now()}`,
  description: 'Spring term welcome',
  kind: 'percent',
  percentOff: 20,
  amountOffCents: null,
  validFrom: daysFromNow(-1),
  validUntil: daysFromNow(30),
  maxRedemptions: 50,
  maxPerFamily: 1,
  forPlans: false,
  ...overrides,
});

describe('admin coupons', () => {
  it('creates a coupon a parent then uses at checkout; the list counts it and names the checkout', async () => {
    const headers = await admin();
    const created = await post(t, '/api/admin/coupons', headers, couponInput());
    expect(created.statusCode).toBe(200);
    const coupon = body<AdminCoupon>(created).data;
    expect(coupon).toMatchObject({ kind: 'percent', percentOff: 20, redeemed: 0, active: true });
    expect(coupon.code).toBe(coupon.code.toUpperCase());
    expect(coupon.validUntil).toBe(daysFromNow(30));

    const family = await payingFamily(t, 1);
    const [program] = await termPrograms(t, [10_000]);
    const seat = await holdSeat(t, family.headers, family.children[0]!, program!.id);
    const started = await initiate(t, family.headers, [seat], coupon.code.toLowerCase());
    expect(started.breakdown.totalCents).toBe(8_000);
    await pay(t, family.headers, started.checkoutId);

    const list = await get(headers, `/api/admin/coupons?q=${coupon.code}`);
    expect(body<AdminPage<AdminCoupon>>(list).data.items[0]).toMatchObject({ id: coupon.id, redeemed: 1, reserved: 0 });
    const uses = await get(headers, `/api/admin/coupons/${coupon.id}/uses`);
    expect(body<AdminPage<CouponUse>>(uses).data.items).toEqual([
      expect.objectContaining({
        checkoutId: started.checkoutId,
        status: 'redeemed',
        familyEmail: family.email,
        couponDiscountCents: 2_000,
      }),
    ]);
    const audited = await t.db.select().from(auditLog).where(like(auditLog.action, 'POST /api/admin/coupons%'));
    expect(audited.length).toBeGreaterThanOrEqual(1);
  });

  it('edits and deactivates: a deactivated code is refused at checkout', async () => {
    const headers = await admin();
    const coupon = body<AdminCoupon>(await post(t, '/api/admin/coupons', headers, couponInput())).data;
    const edited = await send(
      'PUT',
      `/api/admin/coupons/${coupon.id}`,
      headers,
      couponInput({ code: coupon.code, kind: 'amount', percentOff: null, amountOffCents: 1_500, maxRedemptions: null }),
    );
    expect(edited.statusCode).toBe(200);
    expect(body<AdminCoupon>(edited).data).toMatchObject({ kind: 'amount', amountOffCents: 1_500, percentOff: null });
    const off = await post(t, `/api/admin/coupons/${coupon.id}/deactivate`, headers, {});
    expect(body<AdminCoupon>(off).data.active).toBe(false);
    expect(body(off).message).toBe(ADMIN_MONEY_MESSAGES.couponDeactivated);
    const family = await payingFamily(t, 1);
    const [program] = await termPrograms(t, [10_000]);
    const seat = await holdSeat(t, family.headers, family.children[0]!, program!.id);
    const res = await post(t, '/api/stripe-single-payment/initiate', family.headers, {
      enrollmentIds: [seat],
      couponCode: coupon.code,
    });
    expect(res.statusCode).toBe(422);
    const inactive = await get(headers, '/api/admin/coupons?active=false');
    expect(body<AdminPage<AdminCoupon>>(inactive).data.items.map((c) => c.id)).toContain(coupon.id);
  });

  it('refuses missing, malformed, oversized and hostile coupons, and a taken code; stores nothing', async () => {
    const headers = await admin();
    const before = (await t.db.select().from(coupons)).length;
    for (const payload of [
      {},
      couponInput({ code: '' }),
      couponInput({ code: 'has space' }),
      couponInput({ code: 'x'.repeat(41) }),
      couponInput({ kind: 'gift' }),
      couponInput({ percentOff: null }),
      couponInput({ percentOff: 101 }),
      couponInput({ kind: 'amount', percentOff: null, amountOffCents: 0 }),
      couponInput({ validFrom: daysFromNow(5), validUntil: daysFromNow(1) }),
      couponInput({ validUntil: 'next week' }),
      couponInput({ maxRedemptions: 0 }),
      couponInput({ maxPerFamily: 1.5 }),
      couponInput({ description: 'x'.repeat(201) }),
      couponInput({ description: 'bad\u0000' }),
      couponInput({ redeemed: 0 }),
    ]) {
      const res = await post(t, '/api/admin/coupons', headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).code).toBe('VALIDATION_FAILED');
    }
    const first = body<AdminCoupon>(await post(t, '/api/admin/coupons', headers, couponInput())).data;
    const taken = await post(t, '/api/admin/coupons', headers, couponInput({ code: first.code }));
    expect(taken.statusCode).toBe(409);
    expect(body(taken).errors).toEqual({ code: ADMIN_MONEY_MESSAGES.couponCodeTaken });
    expect((await t.db.select().from(coupons)).length).toBe(before + 1);
    const unknown = await send('PUT', `/api/admin/coupons/${randomUUID()}`, headers, couponInput());
    expect(unknown.statusCode).toBe(404);
    const unknownUses = await get(headers, `/api/admin/coupons/${randomUUID()}/uses`);
    expect(unknownUses.statusCode).toBe(404);
    const parent = await createUserWithSession(t);
    expect((await get(parent.headers, '/api/admin/coupons')).statusCode).toBe(403);
  });
});

describe('admin plans and the sibling discount', () => {
  it('a new plan price applies to new memberships; a live one keeps renewing at its own price', async () => {
    const headers = await admin();
    const plans = body<AdminPlan[]>(await get(headers, '/api/admin/plans')).data;
    const monthly = plans.find((p) => p.interval === 'month')!;
    const family = await payingFamily(t, 1);
    const started = await post(t, '/api/stripe-subscription/initiate', family.headers, { planId: monthly.id });
    expect(started.statusCode).toBe(200);
    const checkoutId = body<{ checkoutId: string }>(started).data.checkoutId;
    await pay(t, family.headers, checkoutId);
    await post(t, '/api/stripe-subscription/create', family.headers, { checkoutId });

    const res = await send('PATCH', `/api/admin/plans/${monthly.id}`, headers, {
      priceCents: monthly.priceCents + 1_000,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(ADMIN_MONEY_MESSAGES.planSaved);
    expect(body<AdminPlan>(res).data).toMatchObject({ priceCents: monthly.priceCents + 1_000, liveMemberships: 1 });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.familyId, family.familyId!));
    expect(sub!.priceCents).toBe(monthly.priceCents);
    const billing = await get(family.headers, '/api/stripe-subscription/details');
    expect(JSON.stringify(body(billing).data)).toContain(`"nextChargeCents":${monthly.priceCents}`);

    const hidden = await send('PATCH', `/api/admin/plans/${monthly.id}`, headers, { active: false });
    expect(body<AdminPlan>(hidden).data.active).toBe(false);
    const publicPlans = await get({}, '/api/membership-pan/list');
    expect(JSON.stringify(body(publicPlans).data)).not.toContain(monthly.id);
    await t.db
      .update(membershipPlans)
      .set({ active: true, priceCents: monthly.priceCents })
      .where(eq(membershipPlans.id, monthly.id));
  });

  it('refuses bad plan edits and unknown plans', async () => {
    const headers = await admin();
    const [plan] = body<AdminPlan[]>(await get(headers, '/api/admin/plans')).data;
    for (const payload of [
      {},
      { priceCents: 0 },
      { priceCents: 99.5 },
      { priceCents: 100_000_000 },
      { maxChildren: 0 },
      { maxChildren: 11 },
      { active: 'yes' },
      { name: 'Free' },
    ]) {
      const res = await send('PATCH', `/api/admin/plans/${plan!.id}`, headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await send('PATCH', `/api/admin/plans/${randomUUID()}`, headers, { active: true })).statusCode).toBe(404);
    const [after] = await t.db.select().from(membershipPlans).where(eq(membershipPlans.id, plan!.id));
    expect(after!.priceCents).toBe(plan!.priceCents);
  });

  it('reads and sets the sibling discount within 0–50%', async () => {
    const headers = await admin();
    expect(body(await get(headers, '/api/admin/settings/sibling-discount')).data).toEqual({ percent: 15 });
    for (const percent of [-1, 51, 12.5, '20', null]) {
      const res = await send('PUT', '/api/admin/settings/sibling-discount', headers, { percent });
      expect(res.statusCode, String(percent)).toBe(400);
    }
    const res = await send('PUT', '/api/admin/settings/sibling-discount', headers, { percent: 20 });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ percent: 20 });
    // Two children in one term: the second pays 20% less.
    const family = await payingFamily(t, 2);
    const programs = await termPrograms(t, [10_000, 10_000]);
    const seats = [
      await holdSeat(t, family.headers, family.children[0]!, programs[0]!.id),
      await holdSeat(t, family.headers, family.children[1]!, programs[1]!.id),
    ];
    const started = await initiate(t, family.headers, seats);
    expect(started.breakdown.siblingDiscountCents).toBe(2_000);
    await send('PUT', '/api/admin/settings/sibling-discount', headers, { percent: 15 });
  });
});
