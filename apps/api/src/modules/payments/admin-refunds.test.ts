import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, checkouts, enrollments, refundRequests, transactions } from '@kikstart/db';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import {
  ADMIN_MONEY_MESSAGES,
  type AdminTransaction,
  type OfficePayment,
  type RefundRequest,
} from '@kikstart/contract/admin-money';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { daysFromNow } from '../../../test/enrollment-fixtures.ts';
import { holdSeat, initiate, mailsOf, pay, payingFamily, post, termPrograms } from '../../../test/payment-fixtures.ts';
import { PAYMENTS_INTERVAL_MS } from './payments-worker.ts';
import { settlePendingRefunds } from './refunds.ts';
import { createManualGateway } from './manual-gateway.ts';

const t = useTestApp({ MANUAL_PAYMENTS_ALLOWED: 'true' });
const admin = async () => (await createUserWithSession(t, { role: 'admin' })).headers;

/** A family that paid `prices` by sandbox card in one checkout; answers the payment transaction. */
async function paidFamily(prices: number[], programOverrides: Record<string, unknown> = {}) {
  const family = await payingFamily(t, prices.length);
  const programs = await termPrograms(t, prices, programOverrides);
  const ids: string[] = [];
  for (const [i, p] of programs.entries()) ids.push(await holdSeat(t, family.headers, family.children[i]!, p.id));
  const started = await initiate(t, family.headers, ids);
  await pay(t, family.headers, started.checkoutId);
  const [payment] = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.checkoutId, started.checkoutId), eq(transactions.kind, 'payment')));
  return { family, payment: payment!, enrollmentIds: ids, checkoutId: started.checkoutId };
}

const refund = (headers: Record<string, string>, id: string, payload: unknown) =>
  post(t, `/api/admin/transactions/${id}/refund`, headers, payload);
const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });

describe('admin transactions', () => {
  it('lists every family’s transactions, filtered by kind, status, dates, family and searched by email', async () => {
    const headers = await admin();
    const { family, payment } = await paidFamily([10_000]);
    const res = await get(headers, `/api/admin/transactions?q=${encodeURIComponent(family.email)}`);
    expect(res.statusCode).toBe(200);
    const page = body<AdminPage<AdminTransaction>>(res).data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: payment.id,
      kind: 'payment',
      familyEmail: family.email,
      gateway: 'sandbox',
      refundableCents: 10_000,
    });
    const filtered = await get(
      headers,
      `/api/admin/transactions?familyId=${payment.familyId}&kind=refund&from=${daysFromNow(0)}&until=${daysFromNow(1)}`,
    );
    expect(body<AdminPage<AdminTransaction>>(filtered).data.total).toBe(0);
    const byRef = await get(headers, `/api/admin/transactions?q=${payment.id.slice(0, 13)}&sort=-amountCents`);
    expect(body<AdminPage<AdminTransaction>>(byRef).data.items.map((i) => i.id)).toContain(payment.id);
  });

  it('refuses malformed filters with a 400 and a code', async () => {
    const headers = await admin();
    for (const query of [
      'kind=gift',
      'status=maybe',
      'from=yesterday',
      'from=2026-05-02&until=2026-05-01',
      'familyId=1',
      'sort=password',
      `q=${'x'.repeat(101)}`,
      'pageSize=1000',
    ]) {
      const res = await get(headers, `/api/admin/transactions?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('a double click while the first refund is still being sent answers its outcome too, and sends once', async () => {
    const headers = await admin();
    const { payment } = await paidFamily([10_000]);
    const gateway = t.app.paymentGateway;
    const send = gateway.refund.bind(gateway);
    // A slow provider: the second click arrives while the first holds the refund to send it.
    const sent = vi.spyOn(gateway, 'refund').mockImplementation(async (args) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return send(args);
    });
    try {
      const click = { amountCents: 2_500, reason: 'Charged twice for one session', requestId: randomUUID() };
      const first = refund(headers, payment.id, click);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [a, b] = await Promise.all([first, refund(headers, payment.id, click)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      for (const answer of [a, b]) {
        expect(body<AdminTransaction>(answer).data).toMatchObject({ status: 'succeeded', amountCents: 2_500 });
        expect(body(answer).message).toBe(ADMIN_MONEY_MESSAGES.refundSent);
      }
      expect(body<AdminTransaction>(b).data.id).toBe(body<AdminTransaction>(a).data.id);
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('refunds part of a payment twice, never more than paid; a double click refunds once; the family is mailed', async () => {
    const headers = await admin();
    const { family, payment } = await paidFamily([10_000]);
    const first = { amountCents: 3_000, reason: 'Missed two sessions for a family move', requestId: randomUUID() };
    const [a, b] = await Promise.all([refund(headers, payment.id, first), refund(headers, payment.id, first)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(body<AdminTransaction>(a).data.id).toBe(body<AdminTransaction>(b).data.id);
    expect(body<AdminTransaction>(a).data).toMatchObject({ kind: 'refund', status: 'succeeded', amountCents: 3_000 });
    expect(body(a).message).toBe(ADMIN_MONEY_MESSAGES.refundSent);

    const tooMuch = await refund(headers, payment.id, { ...first, amountCents: 7_001, requestId: randomUUID() });
    expect(tooMuch.statusCode).toBe(422);
    expect(body(tooMuch)).toMatchObject({ code: 'UNPROCESSABLE', message: ADMIN_MONEY_MESSAGES.refundTooLarge });
    const rest = await refund(headers, payment.id, { ...first, amountCents: 7_000, requestId: randomUUID() });
    expect(rest.statusCode).toBe(200);
    const again = await refund(headers, payment.id, { ...first, amountCents: 1, requestId: randomUUID() });
    expect(again.statusCode).toBe(422);

    const refunds = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, payment.checkoutId!), eq(transactions.kind, 'refund')));
    expect(refunds.map((r) => r.amountCents).sort()).toEqual([3_000, 7_000]);
    expect(refunds.every((r) => r.refundReason && r.refundedBy && r.gatewayRef?.startsWith('sbx_re_'))).toBe(true);
    expect(await mailsOf(t, family.email, 'refund')).toHaveLength(2);

    // The family's own list shows the refunds.
    const list = await get(family.headers, '/api/transaction/list');
    expect(body<{ items: { kind: string }[] }>(list).data.items.filter((i) => i.kind === 'refund')).toHaveLength(2);
    const audited = await t.db.select().from(auditLog).where(like(auditLog.action, 'POST /api/admin/transactions/%'));
    expect(audited.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses missing, malformed, oversized and hostile refund input, and refunds nothing', async () => {
    const headers = await admin();
    const { payment } = await paidFamily([5_000]);
    const requestId = randomUUID();
    for (const payload of [
      {},
      { amountCents: 100, requestId },
      { amountCents: 100, reason: '   ', requestId },
      { amountCents: 0, reason: 'x', requestId },
      { amountCents: 10.5, reason: 'x', requestId },
      { amountCents: '100', reason: 'x', requestId },
      { amountCents: 100, reason: 'x'.repeat(501), requestId },
      { amountCents: 100, reason: 'bad\u0000byte', requestId },
      { amountCents: 100, reason: 'x', requestId: 'not-a-uuid' },
      { amountCents: 100, reason: 'x', requestId, status: 'succeeded' },
    ]) {
      const res = await refund(headers, payment.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).code).toBe('VALIDATION_FAILED');
    }
    const unknown = await refund(headers, randomUUID(), { amountCents: 100, reason: 'x', requestId });
    expect(unknown.statusCode).toBe(404);
    const badId = await refund(headers, 'nope', { amountCents: 100, reason: 'x', requestId });
    expect(badId.statusCode).toBe(400);
    const rows = await t.db.select().from(transactions).where(eq(transactions.checkoutId, payment.checkoutId!));
    expect(rows).toHaveLength(1);
  });

  it('refuses a refund of a refund and is for admins only', async () => {
    const headers = await admin();
    const { family, payment } = await paidFamily([5_000]);
    const res = await refund(headers, payment.id, { amountCents: 1_000, reason: 'Goodwill', requestId: randomUUID() });
    const refundId = body<AdminTransaction>(res).data.id;
    const again = await refund(headers, refundId, { amountCents: 100, reason: 'x', requestId: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(ADMIN_MONEY_MESSAGES.notRefundable);
    const parent = await refund(family.headers, payment.id, { amountCents: 100, reason: 'x', requestId: randomUUID() });
    expect(parent.statusCode).toBe(403);
    const anonymous = await get({}, '/api/admin/transactions');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('office payments', () => {
  it('lists open office checkouts; marked received, the seat is confirmed and the row leaves the list', async () => {
    const headers = await admin();
    const family = await payingFamily(t, 1);
    const [program] = await termPrograms(t, [6_000]);
    const seat = await holdSeat(t, family.headers, family.children[0]!, program!.id);
    const started = await post(t, '/api/stripe-single-payment/initiate', family.headers, {
      enrollmentIds: [seat],
      payAtOffice: true,
    });
    const checkoutId = body<{ checkoutId: string }>(started).data.checkoutId;
    const list = async () =>
      body<AdminPage<OfficePayment>>(
        await get(headers, `/api/admin/office-payments?q=${encodeURIComponent(family.email)}`),
      ).data;
    expect((await list()).items).toEqual([
      expect.objectContaining({ checkoutId, totalCents: 6_000, familyEmail: family.email }),
    ]);
    expect((await list()).items[0]!.lines[0]).toMatchObject({ childName: expect.any(String) });
    const marked = await post(t, '/api/admin/payments/mark-received', headers, {
      checkoutId,
      amountCents: 6_000,
      method: 'cash',
      reference: 'Front desk',
    });
    expect(marked.statusCode).toBe(200);
    expect((await list()).total).toBe(0);
    const [row] = await t.db.select().from(enrollments).where(eq(enrollments.id, seat));
    expect(row!.status).toBe('confirmed');
  });

  it('an office refund waits for staff (no retry every minute) until marked handed back', async () => {
    const headers = await admin();
    const family = await payingFamily(t, 1);
    const [program] = await termPrograms(t, [4_000]);
    const seat = await holdSeat(t, family.headers, family.children[0]!, program!.id);
    const started = await post(t, '/api/stripe-single-payment/initiate', family.headers, {
      enrollmentIds: [seat],
      payAtOffice: true,
    });
    const checkoutId = body<{ checkoutId: string }>(started).data.checkoutId;
    await post(t, '/api/admin/payments/mark-received', headers, {
      checkoutId,
      amountCents: 4_000,
      method: 'check',
      reference: 'No. 7',
    });
    const [payment] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, checkoutId), eq(transactions.kind, 'payment')));
    const res = await refund(headers, payment!.id, {
      amountCents: 4_000,
      reason: 'Moved away',
      requestId: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(ADMIN_MONEY_MESSAGES.refundOffice);
    const pending = body<AdminTransaction>(res).data;
    expect(pending).toMatchObject({ status: 'pending', gateway: 'manual' });

    // The payments job leaves it alone: the manual gateway is never asked, so nothing is warned.
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const gateway = createManualGateway({ publicUrl: t.config.publicUrl, holdDays: 7 });
    expect(PAYMENTS_INTERVAL_MS).toBe(60_000);
    await settlePendingRefunds({ db: t.db, gateway, now: new Date(), log });
    expect(warnings).toEqual([]);

    const done = await post(t, `/api/admin/transactions/${pending.id}/handed-back`, headers, {});
    expect(done.statusCode).toBe(200);
    expect(body<AdminTransaction>(done).data.status).toBe('succeeded');
    const card = await paidFamily([1_000]);
    const notOffice = await post(t, `/api/admin/transactions/${card.payment.id}/handed-back`, headers, {});
    expect(notOffice.statusCode).toBe(409);
    const extra = await post(t, `/api/admin/transactions/${pending.id}/handed-back`, headers, { status: 'x' });
    expect(extra.statusCode).toBe(400);
  });
});

describe('drop-out refund requests', () => {
  /** A paid seat in a program that started yesterday, dropped with a reason: a request for staff. */
  async function requested() {
    const paid = await paidFamily([8_000], { firstDate: daysFromNow(-1) });
    const res = await post(t, '/api/children/drop-out', paid.family.headers, {
      enrollmentId: paid.enrollmentIds[0],
      reason: 'Our son broke his arm',
    });
    expect(res.statusCode).toBe(200);
    const [request] = await t.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.familyId, paid.payment.familyId!));
    return { ...paid, requestId: request!.id };
  }

  it('lists pending requests; approve refunds through the gateway once and mails the family', async () => {
    const headers = await admin();
    const { family, requestId, checkoutId } = await requested();
    const list = await get(headers, `/api/admin/refund-requests?status=pending&q=${encodeURIComponent(family.email)}`);
    expect(body<AdminPage<RefundRequest>>(list).data.items).toEqual([
      expect.objectContaining({
        id: requestId,
        amountCents: 8_000,
        reason: 'Our son broke his arm',
        status: 'pending',
      }),
    ]);
    const approved = await post(t, `/api/admin/refund-requests/${requestId}/approve`, headers, {});
    expect(approved.statusCode).toBe(200);
    expect(body<RefundRequest>(approved).data.status).toBe('approved');
    const twice = await post(t, `/api/admin/refund-requests/${requestId}/approve`, headers, {});
    expect(twice.statusCode).toBe(409);
    const refunds = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, checkoutId), eq(transactions.kind, 'refund')));
    expect(refunds).toEqual([expect.objectContaining({ amountCents: 8_000, status: 'succeeded' })]);
    expect(await mailsOf(t, family.email, 'refund-request-approved')).toHaveLength(1);
  });

  it('decline needs a reason, refunds nothing and mails the reason', async () => {
    const headers = await admin();
    const { family, requestId, checkoutId } = await requested();
    for (const payload of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const res = await post(t, `/api/admin/refund-requests/${requestId}/decline`, headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const declined = await post(t, `/api/admin/refund-requests/${requestId}/decline`, headers, {
      reason: 'The term is more than half over',
    });
    expect(declined.statusCode).toBe(200);
    expect(body<RefundRequest>(declined).data).toMatchObject({
      status: 'rejected',
      decisionReason: 'The term is more than half over',
    });
    const refunds = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.checkoutId, checkoutId), eq(transactions.kind, 'refund')));
    expect(refunds).toEqual([]);
    const [mail] = await mailsOf(t, family.email, 'refund-request-declined');
    expect(JSON.stringify(mail)).toContain('The term is more than half over');
    const unknown = await post(t, `/api/admin/refund-requests/${randomUUID()}/approve`, headers, {});
    expect(unknown.statusCode).toBe(404);
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(checkout!.status).toBe('paid');
  });
});
