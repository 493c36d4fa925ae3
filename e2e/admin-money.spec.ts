import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_MONEY_MESSAGES } from '@kikstart/contract/admin-money';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import {
  addChildViaApi,
  enrollViaApi,
  newDesktopPage,
  newVerifiedParent,
  payWithSandboxCard,
  signIn,
  topShot,
} from './journeys.ts';

// The staff console's money desk: a coupon made by the admin and used by a parent at checkout, a
// partial refund with a reason that the family sees, an office payment marked received.

const ADMIN = { email: 'admin@kikstart.example', password: 'Admin-demo-2026' };
const main = (page: Page) => page.getByRole('main');

/** A new family holding a seat in a program of the spec's own. */
async function familyWithSeat(request: APIRequestContext, lastName: string) {
  const parent = await newVerifiedParent(request, 'Nina', lastName);
  const made = await request.post('/api/e2e-fixtures/program', {
    data: {
      fromSlug: 'sunset-flag-football',
      title: `Flag Football ${lastName} ${Date.now().toString(36)}`,
      capacity: 10,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const program = ((await made.json()) as { data: { id: string } }).data;
  const childId = await addChildViaApi(request, parent.headers, { firstName: 'Theo', lastName });
  await enrollViaApi(request, parent.headers, childId, program.id, `Nina ${lastName}`);
  const [seat] = await seatsOf(request, parent.headers);
  return { parent, enrollmentId: seat!.id };
}

const seatsOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  (
    (await (await request.get('/api/enrollments/list', { headers })).json()) as {
      data: { items: { id: string; status: string }[] };
    }
  ).data.items;

/** axe, then the page at 1280 and 375 px wide. */
async function checkPage(
  page: Page,
  name: string,
  checkA11y: (label: string) => Promise<void>,
  takeShot: (name: string, options?: { fullPage?: boolean }) => Promise<void>,
) {
  await checkA11y(`console ${name}`);
  await topShot(page, takeShot, `admin-${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, `admin-${name}-375`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the admin makes a coupon a parent uses, sees its use and refunds part of the payment with a reason', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  // Generous for a loaded machine; about 35 s of browser time on an idle one.
  test.setTimeout(240_000);
  const { parent } = await familyWithSeat(request, 'Coupon');
  const code = `TERM-${Date.now().toString(36).toUpperCase()}`;

  await skipFirstVisitDemo(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/coupons');
  await main(page).getByRole('button', { name: 'New coupon' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Percent off').fill('25');
  await dialog.getByLabel('Uses in total').fill('5');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText(ADMIN_MONEY_MESSAGES.couponCreated)).toBeVisible();
  await main(page).getByLabel('Search by code or description').fill(code);
  const couponRow = main(page).getByRole('row').filter({ hasText: code });
  await expect(couponRow).toContainText('25% off');
  await checkPage(page, 'coupons', checkA11y, takeShot);

  // The parent pays with the code by sandbox card, in their own browser.
  const family = await newDesktopPage(browser);
  await signIn(family, parent.email, parent.password);
  await family.goto('/account/checkout');
  const coupon = main(family).getByRole('form', { name: 'Coupon' });
  await coupon.getByLabel('Coupon code').fill(code.toLowerCase());
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expect(family.getByText(PAYMENT_MESSAGES.couponApplied).first()).toBeVisible();
  await main(family).getByRole('button', { name: 'Continue to payment (1 seat)' }).click();
  await payWithSandboxCard(family, '4242 4242 4242 4242', 'Nina Coupon');
  await expect(family).toHaveURL(/\/checkout\/success/);
  await expect(main(family).getByText('Payment received')).toBeVisible();

  // The admin sees the use: counted, and the family named.
  await page.reload();
  await expect(couponRow.getByRole('cell').nth(4)).toHaveText('1');
  await couponRow.getByRole('button', { name: `Uses of ${code}` }).click();
  const uses = page.getByRole('dialog', { name: `Uses of ${code}` });
  await expect(uses.getByText(parent.email, { exact: false })).toBeVisible();
  await uses.getByRole('button', { name: 'Close' }).click();

  // A partial refund with a reason, through the sandbox gateway.
  await page.goto(`/admin/payments?q=${encodeURIComponent(parent.email)}`);
  const paymentRow = main(page).getByRole('row').filter({ hasText: 'Payment:' });
  await expect(paymentRow).toHaveCount(1);
  await checkPage(page, 'payments', checkA11y, takeShot);
  await paymentRow.getByRole('button', { name: /^Refund/ }).click();
  const refund = page.getByRole('dialog', { name: 'Refund a payment' });
  await refund.getByLabel('Amount to refund').fill('10');
  await refund.getByLabel('Reason (the family reads it)').fill('Two sessions missed for the school trip');
  await checkA11y('refund dialog');
  await refund.getByRole('button', { name: 'Refund $10' }).click();
  await expect(page.getByText(ADMIN_MONEY_MESSAGES.refundSent)).toBeVisible();
  await expect(main(page).getByRole('row').filter({ hasText: 'Reason: Two sessions missed' })).toContainText(
    'succeeded',
  );

  // The family's payments page shows the refund.
  await family.goto('/account/transactions');
  const list = main(family).getByRole('list', { name: 'Payments and refunds' });
  await expect(list.getByRole('listitem').filter({ hasText: /^Refund/ })).toContainText('$10');
  await family.context().close();
});

test('the admin marks an office payment received and the seat is confirmed', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(180_000);
  const { parent, enrollmentId } = await familyWithSeat(request, 'Office');
  const started = await request.post('/api/stripe-single-payment/initiate', {
    headers: parent.headers,
    data: { enrollmentIds: [enrollmentId], payAtOffice: true },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { checkoutId } = ((await started.json()) as { data: { checkoutId: string } }).data;

  await skipFirstVisitDemo(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/admin/office-payments?q=${encodeURIComponent(parent.email)}`);
  const row = main(page).getByRole('row').filter({ hasText: parent.email });
  await expect(row).toContainText('Theo Office');
  await checkPage(page, 'office-payments', checkA11y, takeShot);
  await row.getByRole('button', { name: 'Mark received' }).click();
  const dialog = page.getByRole('dialog', { name: /^Mark .* received$/ });
  await dialog.getByLabel('Reference (receipt or check number)').fill('Check 2215');
  await dialog.getByRole('button', { name: /^Mark .* received$/ }).click();
  await expect(page.getByText(PAYMENT_MESSAGES.manualReceived)).toBeVisible();
  await expect(main(page).getByText('No office payment matches')).toBeVisible();

  // Stored: the checkout is paid and the seat confirmed.
  const outcome = await request.post('/api/stripe-subscription/single-payment', {
    headers: parent.headers,
    data: { checkoutId },
  });
  expect(((await outcome.json()) as { data: { state: string } }).data.state).toBe('paid');
  expect((await seatsOf(request, parent.headers)).find((s) => s.id === enrollmentId)?.status).toBe('confirmed');

  // The other money pages pass axe at both widths.
  for (const name of ['plans', 'refund-requests']) {
    await page.goto(`/admin/${name}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await checkPage(page, name, checkA11y, takeShot);
  }
});
