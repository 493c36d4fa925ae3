import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ENROLLMENT_MESSAGES, MAX_UNPAID_HOLDS } from '@kikstart/contract/enrollments';
import { UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { FAMILY_MESSAGES } from '@kikstart/contract/family';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, confirmDetailsAndSignWaiver, enrollViaApi, newVerifiedParent, signIn } from './journeys.ts';
import { expectInlineOnly, expectToastOnly, toastArea } from './toasts.ts';

// Issue 12 item 13: one message per event. A page that shows an outcome says it once, in the page;
// a spec §8 write keeps its toast and the page does not repeat it. On phones a toast sits under the
// header, clear of the buttons that end a step.

const main = (page: Page) => page.getByRole('main');
const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
/** No toast at all: the page's own message is the only one. */
const expectNoToast = (page: Page) => expect(toastArea(page).locator('.notistack-MuiContent')).toHaveCount(0);

async function ownProgram(request: APIRequestContext) {
  const res = await request.post('/api/e2e-fixtures/program', {
    data: { fromSlug: 'sunset-flag-football', title: `Flag Football ${runTag().toUpperCase()}`, capacity: 10 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string; title: string } }).data;
}

/** The two boxes share no pixel. */
async function expectApart(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  expect(x && y, 'both boxes are laid out').toBeTruthy();
  const overlap =
    x!.x < y!.x + y!.width && y!.x < x!.x + x!.width && x!.y < y!.y + y!.height && y!.y < x!.y + x!.height;
  expect(overlap, `${JSON.stringify(x)} overlaps ${JSON.stringify(y)}`).toBe(false);
}

test('a refused hold is explained in the wizard step only; a refused payment start is a toast only, clear of the button', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(120_000);
  const program = await ownProgram(request);
  const family = await newVerifiedParent(request, 'Ines', 'Moreau');
  const sunset = { grade: 3, schoolName: 'Sunset Primary School', lastName: 'Moreau' };
  const names = ['Ana', 'Ben', 'Cleo', 'Dev'].slice(0, MAX_UNPAID_HOLDS + 1);
  const ids: string[] = [];
  for (const firstName of names) ids.push(await addChildViaApi(request, family.headers, { firstName, ...sunset }));
  for (const id of ids.slice(0, MAX_UNPAID_HOLDS))
    await enrollViaApi(request, family.headers, id, program.id, 'Ines Moreau');

  await skipFirstVisitDemo(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, family.email, family.password);
  const last = names[MAX_UNPAID_HOLDS]!;
  await page.goto(`/programs/${program.id}/enroll?childId=${ids[MAX_UNPAID_HOLDS]}`);
  await expect(main(page).getByRole('radio', { name: `${last} Moreau` })).toBeChecked();
  await confirmDetailsAndSignWaiver(page, 'Ines Moreau');
  await main(page).getByRole('button', { name: 'Continue to payment' }).click();
  await main(page).getByRole('button', { name: 'Hold my seat' }).click();
  await expect(main(page).getByText('Too many seats waiting for payment')).toBeVisible();
  await expectInlineOnly(page, ENROLLMENT_MESSAGES.holdLimit);
  await expectNoToast(page);
  await checkA11y('wizard: hold refused');
  await takeShot('feedback-hold-refused-375', { fullPage: false });

  // A seat already in an open payment: Continue to payment is refused with a toast (spec §8), not repeated inline.
  const h = family.headers;
  const held = (await (await request.get('/api/enrollments/list', { headers: h })).json()) as {
    data: { items: { id: string; status: string }[] };
  };
  const first = held.data.items.find((e) => e.status === UNPAID_HOLD_STATUS)!;
  const open = await request.post('/api/stripe-single-payment/initiate', {
    headers: h,
    data: { enrollmentIds: [first.id] },
  });
  expect(open.status(), await open.text()).toBe(200);
  await page.goto(`/account/checkout?enrollments=${first.id}`);
  const pay = main(page).getByRole('button', { name: /^Continue to payment/ });
  await pay.scrollIntoViewIfNeeded();
  await pay.click();
  await expectToastOnly(page, PAYMENT_MESSAGES.seatInCheckout);
  const toast = toastArea(page).getByText(PAYMENT_MESSAGES.seatInCheckout);
  await expectApart(toast, pay);
  // Under the header, not over it.
  await expectApart(toast, page.locator('header').first());
  await takeShot('feedback-checkout-toast-375', { fullPage: false });

  // The open payment's result page says where it stands, once and with no toast.
  const checkoutId = ((await open.json()) as { data: { checkoutId: string } }).data.checkoutId;
  await page.goto(`/checkout/success?id=${checkoutId}`);
  await expectInlineOnly(page, PAYMENT_MESSAGES.open);
  await expectNoToast(page);
  await checkA11y('payment result, still open');
  await takeShot('feedback-payment-open-375', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await takeShot('feedback-payment-open-1280', { fullPage: false });

  // A receipt that is not this family's: the page says so, no toast.
  await page.goto(`/account/transactions/${checkoutId}/receipt`);
  await expect(main(page).getByRole('alert')).toBeVisible();
  await expectNoToast(page);
});

test('a mailed link’s page (family invitation, newsletter) says its outcome once, with no toast', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  const family = await newVerifiedParent(request, 'Tomas', 'Lindqvist');
  await skipFirstVisitDemo(page);
  await signIn(page, family.email, family.password);
  await page.goto('/family/join?token=not-a-real-invitation');
  await main(page).getByRole('button', { name: 'Join the family' }).click();
  await expectInlineOnly(page, FAMILY_MESSAGES.inviteInvalid);
  await expectNoToast(page);
  await checkA11y('family join refused');
  await takeShot('feedback-family-join-1280', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await takeShot('feedback-family-join-375', { fullPage: false });

  for (const action of ['confirm', 'unsubscribe'] as const) {
    await page.goto(`/newsletter/${action}?token=not-a-real-token-${runTag()}`);
    await expect(main(page).getByRole('alert')).toContainText(/^We could not/);
    await expectNoToast(page);
  }
  await takeShot('feedback-newsletter-375', { fullPage: false });
});
