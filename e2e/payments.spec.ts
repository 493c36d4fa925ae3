import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Paged } from '@kikstart/contract/common';
import type { Enrollment } from '@kikstart/contract/enrollments';
import type { Transaction } from '@kikstart/contract/payments';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { PROGRAM_LIST_MAX_LIMIT } from '@kikstart/contract/programs';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { mailTo, payWithSandboxCard, sessionToken, signIn, topShot } from './journeys.ts';

// Paying once against the real API and the sandbox gateway: two children of a new family in two
// seeded programs whose dates overlap (one term, so the sibling discount applies), with the seeded
// WELCOME10 coupon; a declined card; a drop-out before the first session refunded.

const CODERS = { slug: 'lincoln-junior-coders', title: 'Junior Coders', priceCents: 29900 };
const ART = { slug: 'sunset-art-lab', title: 'Art Lab', priceCents: 22900 };
const main = (page: Page) => page.getByRole('main');
const headers = async (page: Page) => ({ 'x-access-token': await sessionToken(page) });

/** A new family, signed up and verified through the API (sign-up itself is tested elsewhere). */
/** The cell is fully inside its table's scroll box as it first shows: readable without scrolling sideways. */
async function expectInViewWidth(cell: Locator, table: Locator) {
  const box = (await table.locator('xpath=..').boundingBox())!;
  const cellBox = (await cell.boundingBox())!;
  expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(box.x + box.width);
}

async function newVerifiedParent(request: APIRequestContext, tag: string) {
  const email = `pay.${tag}.${Date.now().toString(36)}@example.com`;
  const password = 'Harbour-Kestrel-2032';
  const signup = await request.post('/api/user/signup', {
    data: { firstName: 'Priya', lastName: 'Nair', email, phone: '415-555-0167', password },
  });
  expect(signup.status()).toBe(200);
  const mail = await mailTo(request, email, 'Confirm your email address');
  const link = mail.links.find((l) => l.includes('/auth/verify-email'))!;
  const verify = await request.get(
    `/api/user/email-verify?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`,
  );
  expect(verify.status()).toBe(200);
  return { email, password };
}

const child = (firstName: string, grade: number) => ({
  firstName,
  lastName: 'Nair',
  dateOfBirth: `${new Date().getUTCFullYear() - 6 - grade}-03-15`,
  grade,
  schoolName: 'Lincoln Elementary School',
  allergies: 2,
  medicalNotes: '',
  emergencyContacts: [{ name: 'Priya Nair', relation: 'Mother', phone: '415-555-0167' }],
  pickupPeople: [],
  photoConsent: 1,
});

/** Two children holding seats (the wizard is tested in families.spec): Asha in Junior Coders, Ravi in Art Lab. */
async function holdTwoSeats(page: Page) {
  const h = await headers(page);
  const waiver = await (await page.request.get('/api/cms/waiver-data')).json();
  const programId = async (slug: string) => {
    const res = await page.request.get('/api/programs/all-list', { params: { limit: PROGRAM_LIST_MAX_LIMIT } });
    const found = ((await res.json()).data as Paged<{ id: string; slug: string }>).items.find((p) => p.slug === slug);
    expect(found, slug).toBeTruthy();
    return found!.id;
  };
  const seats: [string, number, string][] = [
    ['Asha', 3, CODERS.slug],
    ['Ravi', 2, ART.slug],
  ];
  for (const [name, grade, slug] of seats) {
    const added = await page.request.post('/api/user/child/add', { headers: h, data: child(name, grade) });
    expect(added.status(), await added.text()).toBe(200);
    const enrolled = await page.request.post('/api/enrollments/create', {
      headers: h,
      data: {
        childId: (await added.json()).data.id,
        programId: await programId(slug),
        waiverName: 'Priya Nair',
        waiverAccepted: true,
        waiverVersion: waiver.data.version,
      },
    });
    expect(enrolled.status(), await enrolled.text()).toBe(200);
  }
}

async function enrollmentsOf(page: Page) {
  const res = await page.request.get('/api/enrollments/list', { headers: await headers(page) });
  return ((await res.json()).data as Paged<Enrollment>).items;
}

/** From the enrollments list: Pay now on Asha's seat, then tick Ravi's seat too. */
async function openBasketWithBoth(page: Page) {
  await page.goto('/account/enrollments');
  await main(page)
    .getByRole('link', { name: `Pay for Asha Nair in ${CODERS.title}` })
    .click();
  await expect(page).toHaveURL(/\/account\/checkout\?enrollments=/);
  const asha = main(page).getByRole('checkbox', { name: new RegExp(`Asha Nair · ${CODERS.title}`) });
  const ravi = main(page).getByRole('checkbox', { name: new RegExp(`Ravi Nair · ${ART.title}`) });
  await expect(asha).toBeChecked();
  await expect(ravi).not.toBeChecked();
  await ravi.check();
}

async function payWithCard(page: Page, number: string) {
  await expect(page).toHaveURL(/\/checkout\/sandbox\?id=/);
  await expect(main(page).getByText('This is a test payment page')).toBeVisible();
  await payWithSandboxCard(page, number, 'Priya Nair');
  await expect(page).toHaveURL(/\/checkout\/success\?id=/);
  await expect(main(page).getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
}

test.describe('payments: basket, coupon, sibling discount, sandbox card, receipts, refunds', () => {
  test('a parent pays once for two children in two programs with a coupon and the sibling discount, then a drop-out is refunded', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    test.setTimeout(180_000);
    const parent = await newVerifiedParent(request, 'paid');
    await skipFirstVisitDemo(page);
    await signIn(page, parent.email, parent.password);
    await holdTwoSeats(page);

    // The account menu has Payments; the list is empty and says what to do.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await expect(main(page).getByRole('heading', { name: 'No payments yet' })).toBeVisible();

    await openBasketWithBoth(page);
    // An unknown code is refused with the contract's message; the seeded code gives the server's breakdown.
    const coupon = main(page).getByRole('form', { name: 'Coupon' });
    await coupon.getByLabel('Coupon code').fill('NOSUCHCODE');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByText(PAYMENT_MESSAGES.couponUnknown)).toBeVisible();
    await coupon.getByLabel('Coupon code').fill('welcome10');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(PAYMENT_MESSAGES.couponApplied).first()).toBeVisible();
    const breakdown = main(page).getByRole('table', { name: 'Price breakdown with the coupon' });
    // 15% off the lower-priced seat (Ravi's Art Lab, $229.00 → $34.35 off); WELCOME10 takes 10% off each line after that.
    await expect(breakdown.getByRole('row', { name: new RegExp(`Ravi Nair · ${ART.title}`) })).toContainText('−$34.35');
    await expect(breakdown.getByRole('row', { name: new RegExp(`Asha Nair · ${CODERS.title}`) })).toContainText(
      '−$29.90',
    );
    const total = (await breakdown.getByTestId('breakdown-total').textContent())!;
    await topShot(page, takeShot, 'payments-checkout-1280');
    await checkA11y('checkout with a coupon');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectInViewWidth(breakdown.getByTestId('breakdown-total'), breakdown);
    await topShot(page, takeShot, 'payments-checkout-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await main(page).getByRole('button', { name: 'Continue to payment (2 seats)' }).click();
    await expect(main(page).getByRole('heading', { name: `Amount to pay: ${total}` })).toBeVisible();
    await checkA11y('sandbox payment page');
    await topShot(page, takeShot, 'payments-sandbox-1280');
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(main(page).getByText('Payment received')).toBeVisible();
    await checkA11y('payment received');
    expect((await enrollmentsOf(page)).map((e) => e.status)).toEqual(['confirmed', 'confirmed']);

    // The receipt: operator, each line, discounts and the total paid.
    await main(page).getByRole('link', { name: 'View receipt' }).click();
    await expect(page).toHaveURL(/\/account\/transactions\/[^/]+\/receipt$/);
    const lines = main(page).getByRole('table', { name: 'Receipt lines' });
    await expect(lines.getByRole('row', { name: new RegExp(`Asha Nair · ${CODERS.title}`) })).toContainText('$299');
    await expect(lines.getByRole('row', { name: new RegExp(`Ravi Nair · ${ART.title}`) })).toContainText('−$34.35');
    await expect(lines.getByRole('row', { name: 'Coupon WELCOME10' })).toBeVisible();
    await expect(lines.getByRole('row', { name: 'Total paid' })).toContainText(total);
    await expect(main(page).locator('address')).toContainText('KikStart');
    await expect(main(page).getByRole('button', { name: 'Print' })).toBeVisible();
    await checkA11y('receipt');
    await topShot(page, takeShot, 'payments-receipt-1280');
    // On paper: the receipt only, without the site's header, breadcrumbs and buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(main(page).getByRole('button', { name: 'Print' })).toBeHidden();
    await takeShot('payments-receipt-print');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 375, height: 800 });
    // On a phone the amount paid is in view without scrolling the table sideways.
    await expectInViewWidth(lines.getByRole('row', { name: 'Total paid' }).getByRole('cell').first(), lines);
    await topShot(page, takeShot, 'payments-receipt-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Ravi drops out before the first session: the refund shows in the payments list.
    await page.goto('/account/enrollments');
    await main(page)
      .getByRole('button', { name: `Drop out: ${ART.title}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Art Lab clashes with swimming lessons');
    await dialog.getByRole('button', { name: 'Drop out' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/account/transactions');
    const list = main(page).getByRole('list', { name: 'Payments and refunds' });
    await expect(list.getByRole('listitem').filter({ hasText: /^Refund/ })).toHaveCount(1);
    await expect(list.getByRole('listitem').filter({ hasText: /^Payment · / })).toContainText(total);
    const tx = (
      (await (await page.request.get('/api/transaction/list', { headers: await headers(page) })).json())
        .data as Paged<Transaction>
    ).items;
    const refund = tx.find((t) => t.kind === 'refund')!;
    await expect(list.getByRole('listitem').filter({ hasText: /^Refund/ })).toContainText(
      refund.status === 'pending' ? 'Pending' : 'Done',
    );
    await checkA11y('payments list with a refund');
    await topShot(page, takeShot, 'payments-transactions-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await topShot(page, takeShot, 'payments-transactions-375');

    // The yearly dependent-care statement: this year's paid care as a PDF download.
    const year = String(new Date().getFullYear());
    const statement = main(page).getByRole('region', { name: 'Yearly statement for dependent-care accounts' });
    await expect(statement.getByRole('combobox', { name: 'Year' })).toHaveText(year);
    await topShot(page, takeShot, 'payments-statement-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await topShot(page, takeShot, 'payments-statement-1280');
    await checkA11y('payments page with the yearly statement');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      statement.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kikstart-statement-${year}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a declined card says why and leaves both seats held', async ({ page, request, checkA11y, takeShot }) => {
    test.setTimeout(120_000);
    const parent = await newVerifiedParent(request, 'declined');
    await skipFirstVisitDemo(page);
    await signIn(page, parent.email, parent.password);
    await holdTwoSeats(page);

    await openBasketWithBoth(page);
    await main(page).getByRole('button', { name: 'Continue to payment (2 seats)' }).click();
    await payWithCard(page, '4000 0000 0000 0002');
    await expect(main(page).getByRole('status').filter({ hasText: PAYMENT_MESSAGES.cardDeclined })).toBeVisible();
    await expect(main(page).getByText('Your seats stay held until their hold ends')).toBeVisible();
    await checkA11y('declined payment');
    await topShot(page, takeShot, 'payments-declined-1280');
    expect((await enrollmentsOf(page)).map((e) => e.status)).toEqual(['pending_payment', 'pending_payment']);

    // Try again: the checkout opens with the same two seats ticked.
    await main(page).getByRole('link', { name: 'Try again' }).click();
    await expect(main(page).getByRole('checkbox', { name: new RegExp(`Asha Nair · ${CODERS.title}`) })).toBeChecked();
    await expect(main(page).getByRole('checkbox', { name: new RegExp(`Ravi Nair · ${ART.title}`) })).toBeChecked();
    const failed = (
      (await (await page.request.get('/api/transaction/list', { headers: await headers(page) })).json())
        .data as Paged<Transaction>
    ).items;
    expect(failed.map((t) => t.kind)).toEqual(['failed']);
  });
});
