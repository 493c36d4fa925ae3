import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enrollments, users } from '@kikstart/db';
import { PAYMENT_MESSAGES, type CheckoutOutcome } from '@kikstart/contract/payments';
import { body, useTestApp } from '../../../test/test-app.ts';
import {
  holdSeat,
  initiate,
  mailsOf,
  payWith,
  payingFamily,
  post,
  termPrograms,
} from '../../../test/payment-fixtures.ts';
import { uniqueEmail } from '../../../test/user-fixtures.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { lockProgram } from '../enrollments/enrollment-seats.ts';

/**
 * Paying for seats the family still holds (registration day's usual case, decision 0028): the
 * seats are confirmed without waiting for their programs' lock, the answer is made from what the
 * payment wrote, and the receipt reaches every guardian.
 */
const t = useTestApp();

const statusOf = async (id: string) =>
  (await t.db.select({ status: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.status;

describe('paying for held seats', () => {
  it('answers exactly what is stored: the same outcome as the return page reads afterwards', async () => {
    const f = await payingFamily(t, 2);
    const [x, y] = await termPrograms(t, [30000, 20000]);
    const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
    const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
    const started = await initiate(t, f.headers, [a, b], 'welcome10');

    const paid = await payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    const answered = body<CheckoutOutcome>(paid).data;
    expect(answered).toMatchObject({ state: 'paid', failureReason: null, transactionId: expect.any(String) });
    expect(answered.breakdown.coupon).toMatchObject({ code: 'WELCOME10', description: expect.any(String) });

    const reread = await post(t, '/api/stripe-subscription/single-payment', f.headers, {
      checkoutId: started.checkoutId,
    });
    expect(body<CheckoutOutcome>(reread).data).toEqual(answered);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'confirmed']);
  });

  it('mails the receipt to every guardian of the family, and to no one else', async () => {
    const f = await payingFamily(t, 1);
    const second = uniqueEmail('guardian');
    await t.db.insert(users).values({
      email: second,
      firstName: 'Second',
      lastName: 'Guardian',
      familyId: f.familyId,
      passwordHash: 'test-only',
      emailVerifiedAt: t.clock.now(),
    });
    const stranger = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900]);
    const id = await holdSeat(t, f.headers, f.children[0]!, p!.id);
    const started = await initiate(t, f.headers, [id]);
    expect((await payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242')).statusCode).toBe(200);

    for (const to of [f.email, second]) {
      const [mail] = await mailsOf(t, to, 'payment-receipt');
      expect(mail!.subject).toBe(`Enrollment confirmed: ${p!.title}`);
      expect(mail!.text).toContain('paid $199.00');
      expect(mail!.links.some((l) => l.includes('/receipt'))).toBe(true);
    }
    expect(await mailsOf(t, stranger.email, 'payment-receipt')).toHaveLength(0);
  });

  // PGlite has one connection, so a paused transaction would block the payment there whatever
  // the code does: this runs on PostgreSQL only (see on-postgres.ts).
  it.runIf(onPostgres)('is started and confirmed while another transaction holds the program lock', async () => {
    const f = await payingFamily(t, 1);
    const [p] = await termPrograms(t, [19900]);
    const id = await holdSeat(t, f.headers, f.children[0]!, p!.id);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let signalLocked!: () => void;
    const locked = new Promise<void>((resolve) => (signalLocked = resolve));
    const holder = t.db.transaction(async (tx) => {
      await lockProgram(tx, p!.id);
      signalLocked();
      await released;
    });
    await locked;
    try {
      const started = await initiate(t, f.headers, [id]);
      const paid = await payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242');
      expect(paid.statusCode).toBe(200);
      expect(body<CheckoutOutcome>(paid).data.state).toBe('paid');
      expect(await statusOf(id)).toBe('confirmed');
    } finally {
      release();
      await holder;
    }
  });

  // Races: PostgreSQL only (PGlite has one connection, so requests never interleave there).
  it.runIf(onPostgres)(
    'a double click on Pay starts one checkout; the other is told the seats are in a payment',
    async () => {
      for (let round = 0; round < 5; round++) {
        const f = await payingFamily(t, 2);
        const [x, y] = await termPrograms(t, [30000, 20000]);
        const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
        const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
        const clicks = await Promise.all(
          [
            [a, b],
            [b, a],
          ].map((ids) => post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: ids })),
        );
        expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
        expect(body(clicks.find((c) => c.statusCode === 409)!).message).toBe(PAYMENT_MESSAGES.seatInCheckout);
      }
    },
  );

  it.runIf(onPostgres)('paying while a new checkout starts for the same seats: one payment, no error', async () => {
    for (let round = 0; round < 5; round++) {
      const f = await payingFamily(t, 2);
      const [x, y] = await termPrograms(t, [30000, 20000]);
      const a = await holdSeat(t, f.headers, f.children[0]!, x!.id);
      const b = await holdSeat(t, f.headers, f.children[1]!, y!.id);
      const started = await initiate(t, f.headers, [a, b]);
      const [paid, again] = await Promise.all([
        payWith(t, f.headers, started.checkoutId, '4242 4242 4242 4242'),
        post(t, '/api/stripe-single-payment/initiate', f.headers, { enrollmentIds: [b, a] }),
      ]);
      expect(paid.statusCode).toBe(200);
      expect(body<CheckoutOutcome>(paid).data.state).toBe('paid');
      expect(again.statusCode).toBe(409);
      expect([await statusOf(a), await statusOf(b)]).toEqual(['confirmed', 'confirmed']);
    }
  });
});
