import type { APIRequestContext } from '@playwright/test';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, enrollViaApi, newVerifiedParent, signIn, topShot } from './journeys.ts';

// "Pay at the office or by check" beside the card: the parent chooses it on the checkout, the
// seat stays held for days, and staff marking the check received confirms it.

test('a parent chooses to pay at the office; staff mark the check received and the open result page turns paid', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(120_000);
  const parent = await newVerifiedParent(request, 'Mara', 'Office');
  const made = await request.post('/api/e2e-fixtures/program', {
    data: {
      fromSlug: 'sunset-flag-football',
      title: `Flag Football ${Date.now().toString(36).toUpperCase()}`,
      capacity: 10,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const program = ((await made.json()) as { data: { id: string; title: string } }).data;
  const childId = await addChildViaApi(request, parent.headers, { firstName: 'Leo', lastName: 'Office' });
  await enrollViaApi(request, parent.headers, childId, program.id, 'Mara Office');

  await skipFirstVisitDemo(page);
  await signIn(page, parent.email, parent.password);
  await page.goto('/account/checkout');
  const main = page.getByRole('main');
  const choice = main.getByRole('group', { name: 'How would you like to pay?' });
  await expect(choice.getByRole('radio', { name: /By card/ })).toBeChecked();
  await choice.getByRole('radio', { name: 'Pay at the office or by check' }).check();
  await expect(main.getByText(/We hold your seats for 7 days/)).toBeVisible();
  await checkA11y('checkout with the office choice');
  await topShot(page, takeShot, 'office-checkout-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'office-checkout-375', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await main.getByRole('button', { name: 'Continue to payment (1 seat)' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?id=/);
  await expect(main.getByText('The payment has not been completed yet')).toBeVisible();
  await expect(main.getByText(/This page checks again every few seconds/)).toBeVisible();
  await checkA11y('payment result, still open and being checked');
  await topShot(page, takeShot, 'payment-result-open-1280', { fullPage: true });
  const checkoutId = new URL(page.url()).searchParams.get('id')!;

  await markReceived(request, parent.headers, checkoutId);
  // No reload and no click: the page asks again on its own and says so in its polite live region.
  await expect(main.getByRole('status').getByText('Payment received')).toBeVisible({ timeout: 15_000 });
  await expect(main.getByRole('button', { name: 'Check again' })).toHaveCount(0);
  await checkA11y('payment result, paid while the page was open');
  await topShot(page, takeShot, 'payment-result-paid-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'payment-result-paid-375', { fullPage: true });
});

test('after about a minute the result page stops asking and offers Check again, which finds the payment', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(120_000);
  // The page's own clock, moved on by hand: a minute of asking in a moment.
  await page.clock.install();
  const parent = await newVerifiedParent(request, 'Rosa', 'Office');
  const made = await request.post('/api/e2e-fixtures/program', {
    data: {
      fromSlug: 'sunset-flag-football',
      title: `Flag Football ${Date.now().toString(36).toUpperCase()}`,
      capacity: 10,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const program = ((await made.json()) as { data: { id: string } }).data;
  const childId = await addChildViaApi(request, parent.headers, { firstName: 'Ines', lastName: 'Office' });
  const enrollmentId = await enrollViaApi(request, parent.headers, childId, program.id, 'Rosa Office');
  const started = await request.post('/api/stripe-single-payment/initiate', {
    headers: parent.headers,
    data: { enrollmentIds: [enrollmentId], payAtOffice: true },
  });
  expect(started.status(), await started.text()).toBe(200);
  const checkoutId = ((await started.json()) as { data: { checkoutId: string } }).data.checkoutId;

  await skipFirstVisitDemo(page);
  await signIn(page, parent.email, parent.password);
  await page.goto(`/checkout/success?id=${checkoutId}`);
  const main = page.getByRole('main');
  await expect(main.getByText(/This page checks again every few seconds/)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Check again' })).toHaveCount(0);
  for (let i = 0; i < 8; i++) await page.clock.runFor(8_000);
  await expect(main.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expect(main.getByText(/This page checks again every few seconds/)).toHaveCount(0);
  await checkA11y('payment result, no longer asking on its own');
  await topShot(page, takeShot, 'payment-result-check-again-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'payment-result-check-again-375', { fullPage: true });

  await markReceived(request, parent.headers, checkoutId);
  await main.getByRole('button', { name: 'Check again' }).click();
  await expect(main.getByRole('status').getByText('Payment received')).toBeVisible();
});

async function markReceived(request: APIRequestContext, headers: Record<string, string>, checkoutId: string) {
  const admin = await request.post('/api/user/signin', {
    data: { email: 'admin@kikstart.example', password: 'Admin-demo-2026' },
  });
  const adminHeaders = { 'x-access-token': ((await admin.json()) as { data: { token: string } }).data.token };
  const marked = await request.post('/api/admin/payments/mark-received', {
    headers: adminHeaders,
    data: {
      checkoutId,
      amountCents: (await totalOf(request, headers, checkoutId)) ?? 0,
      method: 'check',
      reference: '7',
    },
  });
  expect(marked.status(), await marked.text()).toBe(200);
}

async function totalOf(request: APIRequestContext, headers: Record<string, string>, checkoutId: string) {
  const res = await request.post('/api/stripe-subscription/single-payment', { headers, data: { checkoutId } });
  return ((await res.json()) as { data: { breakdown: { totalCents: number } } }).data.breakdown.totalCents;
}
