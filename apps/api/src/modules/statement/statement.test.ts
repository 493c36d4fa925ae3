import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutLines, transactions } from '@kikstart/db';
import { programToday } from '@kikstart/contract/schedule';
import type { StatementYears } from '@kikstart/contract/statement';
import { body, errorEnvelope, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { addChild, createProgram } from '../../../test/enrollment-fixtures.ts';
import { holdSeat, initiate, pay, payingFamily, post } from '../../../test/payment-fixtures.ts';
import { attach, subscribe } from '../../../test/membership-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { DEMO_PROVIDER } from '../../config/env.ts';

const t = useTestApp();
const thisYear = () => Number(programToday(t.clock.now()).slice(0, 4));

const statement = (headers: Record<string, string>, query = `year=${thisYear()}`) =>
  t.app.inject({ url: `/api/transaction/statement?${query}`, headers });

async function statementText(headers: Record<string, string>) {
  const res = await statement(headers);
  expect(res.statusCode, res.body).toBe(200);
  // A long cell wraps onto several text runs; a reader sees one line of words.
  return pdfText(res.rawPayload).replace(/\s+/g, ' ');
}

/** A family with two children, each with one paid seat in its own named program. */
async function familyWithPaidCare(names: [string, string], programTitles: [string, string]) {
  const f = await payingFamily(t, 0);
  const { addChild } = await import('../../../test/enrollment-fixtures.ts');
  const kids = [
    await addChild(t, f.headers, { firstName: names[0], lastName: 'Rivera' }),
    await addChild(t, f.headers, { firstName: names[1], lastName: 'Rivera' }),
  ];
  const programs = [
    await createProgram(t, {
      title: programTitles[0],
      priceCents: 24000,
      firstDate: '2026-12-07',
      lastDate: '2027-01-25',
    }),
    await createProgram(t, {
      title: programTitles[1],
      priceCents: 18000,
      firstDate: '2026-12-08',
      lastDate: '2027-02-02',
    }),
  ];
  const holds = [
    await holdSeat(t, f.headers, kids[0]!, programs[0]!.id),
    await holdSeat(t, f.headers, kids[1]!, programs[1]!.id),
  ];
  const started = await initiate(t, f.headers, holds);
  await pay(t, f.headers, started.checkoutId);
  const lines = await t.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, started.checkoutId));
  const lineOf = (title: string) => lines.find((l) => l.programTitle === title)!;
  return { ...f, kids, holds, checkoutId: started.checkoutId, lineOf };
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('GET /api/transaction/statement', () => {
  it('is a PDF attachment listing each child, the dates, the amounts and the provider with its EIN', async () => {
    const f = await familyWithPaidCare(['Maya', 'Noah'], ['Ocean Soccer Club', 'Tiny Tennis Stars']);
    const res = await statement(f.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kikstart-statement-${thisYear()}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(res.rawPayload);
    const paidOn = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'America/Los_Angeles',
    }).format(t.clock.now());
    const soccer = f.lineOf('Ocean Soccer Club').totalCents;
    const tennis = f.lineOf('Tiny Tennis Stars').totalCents;
    expect(text).toContain(`Dependent-care statement for ${thisYear()}`);
    expect(text).toContain(DEMO_PROVIDER.name);
    expect(text).toContain(DEMO_PROVIDER.address);
    expect(text).toContain(`EIN): ${DEMO_PROVIDER.taxId}`);
    expect(text).toContain('Test User');
    expect(text).toContain('Maya Rivera');
    expect(text).toContain('Noah Rivera');
    expect(text).toContain('Ocean Soccer Club');
    expect(text).toContain('Dec 7, 2026 to Jan 25, 2027');
    expect(text).toContain('Dec 8, 2026 to Feb 2, 2027');
    expect(text).toContain(paidOn);
    expect(text).toContain(`Total for Maya Rivera`);
    expect(text).toContain(usd(soccer));
    expect(text).toContain(usd(tennis));
    expect(text).toContain(`Family total for ${thisYear()}: ${usd(soccer + tennis)}`);
  });

  it('subtracts refunds: a dropped-out seat leaves the statement, a partial refund shows what was kept', async () => {
    const f = await familyWithPaidCare(['Ivy', 'Omar'], ['Refund Swim Squad', 'Partial Chess Club']);
    const swim = f.lineOf('Refund Swim Squad');
    const chess = f.lineOf('Partial Chess Club');
    // Ivy drops out before the first session: the line is refunded in full.
    const dropped = await post(t, '/api/children/drop-out', f.headers, { enrollmentId: f.holds[0], reason: 'Moving' });
    expect(dropped.statusCode, dropped.body).toBe(200);
    // Part of Omar's seat refunded by staff at the gateway (a refund recorded against the line).
    await t.db.insert(transactions).values({
      familyId: f.familyId,
      checkoutId: f.checkoutId,
      checkoutLineId: chess.id,
      kind: 'refund',
      status: 'succeeded',
      amountCents: 5000,
      currency: 'usd',
      description: 'Partial refund: Partial Chess Club',
      createdAt: t.clock.now(),
    });
    const text = await statementText(f.headers);
    expect(text).not.toContain('Refund Swim Squad');
    expect(text).not.toContain('Ivy Rivera');
    expect(text).toContain(`${usd(chess.totalCents - 5000)} (${usd(chess.totalCents)} less ${usd(5000)} refunded)`);
    expect(text).toContain(`Family total for ${thisYear()}: ${usd(chess.totalCents - 5000)}`);
    expect(text).not.toContain(usd(swim.totalCents + chess.totalCents - 5000));
  });

  it("shows only the caller's family: another family's children and payments are absent", async () => {
    const a = await familyWithPaidCare(['Ana', 'Ben'], ['Family A Hockey', 'Family A Judo']);
    const b = await familyWithPaidCare(['Zed', 'Yara'], ['Family B Fencing', 'Family B Karate']);
    const textA = await statementText(a.headers);
    expect(textA).toContain('Ana Rivera');
    for (const other of ['Zed Rivera', 'Yara Rivera', 'Family B Fencing', 'Family B Karate'])
      expect(textA).not.toContain(other);
    const textB = await statementText(b.headers);
    expect(textB).toContain('Family B Fencing');
    expect(textB).not.toContain('Family A Hockey');
  });

  it('lists membership charges as such, with the children they covered, in the family total', async () => {
    const f = await payingFamily(t, 0);
    const kid = await addChild(t, f.headers, { firstName: 'Lena', lastName: 'Park' });
    const { checkout } = await subscribe(t, f.headers);
    expect((await attach(t, f.headers, kid)).statusCode).toBe(200);
    const text = await statementText(f.headers);
    expect(text).toContain('Membership charges');
    expect(text).toContain(checkout.planName);
    expect(text).toContain('Lena Park');
    expect(text).toContain(`Family total for ${thisYear()}: ${usd(checkout.totalCents)}`);
  });

  it('a year without paid care gives a statement that says so, not an error', async () => {
    const f = await payingFamily(t, 1);
    const text = await statementText(f.headers);
    expect(text).toContain(`No paid care in ${thisYear()}`);
    expect(text).toContain(DEMO_PROVIDER.taxId);
  });

  it('refuses a malformed, oversized, hostile or out-of-range year with 400 and a code', async () => {
    const f = await payingFamily(t, 0);
    const next = thisYear() + 1;
    for (const query of [
      '',
      'year=',
      'year=abcd',
      'year=20266',
      'year=26',
      "year=2026'%20or%201=1--",
      'year=2026&year=2025',
      `year=${'9'.repeat(2000)}`,
      `year=${thisYear()}&familyId=00000000-0000-4000-8000-000000000000`,
    ]) {
      const res = await statement(f.headers, query);
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(body(res).code, query.slice(0, 40)).toBe('VALIDATION_FAILED');
    }
    for (const year of [1999, next]) {
      const res = await statement(f.headers, `year=${year}`);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 'VALIDATION_FAILED', errors: { year: expect.any(String) } });
    }
    expect(body(await statement(f.headers, `year=${next}`)).message).toBe(
      `A statement is available for ${thisYear()} only`,
    );
  });

  it('needs a signed-in parent: 401 signed out, 403 for a coach', async () => {
    const res = await statement({});
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('UNAUTHORIZED');
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await statement(coach.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/transaction/statement/years' })).json()).toMatchObject(
      errorEnvelope('UNAUTHORIZED', expect.any(String)),
    );
  });
});

describe('GET /api/transaction/statement/years', () => {
  it('answers the years with paid care, and none before any payment', async () => {
    const empty = await payingFamily(t, 0);
    const none = await t.app.inject({ url: '/api/transaction/statement/years', headers: empty.headers });
    expect(body<StatementYears>(none).data).toEqual({ years: [] });
    const f = await familyWithPaidCare(['Theo', 'Uma'], ['Years Rugby', 'Years Dance']);
    const res = await t.app.inject({ url: '/api/transaction/statement/years', headers: f.headers });
    expect(body<StatementYears>(res).data).toEqual({ years: [thisYear()] });
  });
});
