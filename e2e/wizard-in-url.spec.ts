import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, shot, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, newVerifiedParent, signIn, topShot } from './journeys.ts';

// Issue 12, trap 6: the enrollment wizard kept its step only in memory, so a reload went back to
// step 1 and browser Back left the wizard. Each step is now in the URL (?step=…&childId=…), the
// signed waiver is kept for the tab, a step opened without what comes before it goes back to the
// first step missing, and the wizard ends at the checkout with the new seat ticked.

const main = (page: Page) => page.getByRole('main');
const stepHeading = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name, exact: true });
const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A program of this run's own (a copy of the seeded Flag Football at Sunset Primary), with seats to spare. */
async function ownProgram(request: APIRequestContext) {
  const res = await request.post('/api/e2e-fixtures/program', {
    data: { fromSlug: 'sunset-flag-football', title: `Flag Football ${runTag().toUpperCase()}`, capacity: 10 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string; title: string } }).data;
}

test('the wizard keeps its step and choices through reload and Back, and ends at the checkout', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(120_000);
  const program = await ownProgram(request);
  const family = await newVerifiedParent(request, 'Grace', 'Okafor');
  const sunset = { grade: 3, schoolName: 'Sunset Primary School', lastName: 'Okafor' };
  const miaId = await addChildViaApi(request, family.headers, { firstName: 'Mia', ...sunset });
  const leoId = await addChildViaApi(request, family.headers, { firstName: 'Leo', ...sunset });
  await skipFirstVisitDemo(page);
  await signIn(page, family.email, family.password);
  const enrollPath = `/programs/${program.id}/enroll`;

  // Step 1: the chosen child goes into the URL, so a reload keeps the choice.
  await page.goto(enrollPath);
  await expect(stepHeading(page, 'Choose a child')).toBeVisible();
  await main(page).getByRole('radio', { name: 'Leo Okafor' }).check();
  await expect(page).toHaveURL(`${enrollPath}?childId=${leoId}`);
  await expect(main(page).getByText('Leo can join')).toBeVisible();
  await page.reload();
  await expect(main(page).getByRole('radio', { name: 'Leo Okafor' })).toBeChecked();

  // Next, then reload: the same step, the same child.
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${enrollPath}?step=school&childId=${leoId}`);
  await expect(stepHeading(page, 'School details')).toBeFocused();
  await page.reload();
  await expect(stepHeading(page, 'School details')).toBeVisible();
  await expect(main(page).getByText('Leo Okafor', { exact: true })).toBeVisible();
  await checkA11y('wizard step 2 after a reload');

  // The waiver, signed, survives a reload of the review.
  await main(page).getByRole('button', { name: 'These details are right' }).click();
  await expect(stepHeading(page, 'Waiver')).toBeVisible();
  await main(page).getByLabel('Guardian’s full name').fill('Grace Okafor');
  await main(page)
    .getByRole('checkbox', { name: /accept it on behalf of my child/ })
    .check();
  await main(page).getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page).toHaveURL(`${enrollPath}?step=review&childId=${leoId}`);
  await page.reload();
  await expect(stepHeading(page, 'Review')).toBeVisible();
  await expect(main(page).getByText('Signed by Grace Okafor')).toBeVisible();
  await topShot(page, takeShot, 'wizard-url-review-after-reload-1280');

  // Browser Back goes to the previous step (the waiver, still filled in), then the one before.
  await page.goBack();
  await expect(stepHeading(page, 'Waiver')).toBeVisible();
  await expect(page).toHaveURL(`${enrollPath}?step=waiver&childId=${leoId}`);
  await expect(main(page).getByLabel('Guardian’s full name')).toHaveValue('Grace Okafor');
  await page.goBack();
  await expect(stepHeading(page, 'School details')).toBeVisible();
  await page.goForward();
  await page.goForward();
  await expect(stepHeading(page, 'Review')).toBeVisible();
  // The page's own Back is the browser's Back here, so Forward still leads on.
  await main(page).getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page, 'Waiver')).toBeVisible();
  await page.goForward();
  await expect(stepHeading(page, 'Review')).toBeVisible();

  // A step opened by URL without its prerequisites goes back to the first one missing.
  const other = await browser.newContext({
    viewport: { width: 375, height: 800 },
    storageState: await page.context().storageState(),
  });
  const fresh = await other.newPage();
  // Another tab: Mia has no waiver signed there, so the review sends her to the waiver step.
  await fresh.goto(`${enrollPath}?step=review&childId=${miaId}`);
  await expect(fresh).toHaveURL(`${enrollPath}?step=waiver&childId=${miaId}`);
  await expect(stepHeading(fresh, 'Waiver')).toBeVisible();
  await shot(fresh, 'wizard-url-waiver-375');
  // No child named (two to choose from): the payment step starts over at the first step.
  await fresh.goto(`${enrollPath}?step=pay`);
  await expect(fresh).toHaveURL(enrollPath);
  await expect(stepHeading(fresh, 'Choose a child')).toBeVisible();
  await other.close();

  // Finish: the held seat goes to the checkout, ticked.
  await main(page).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(`${enrollPath}?step=pay&childId=${leoId}`);
  await main(page).getByRole('button', { name: 'Hold my seat' }).click();
  await expect(page).toHaveURL(/\/account\/checkout\?enrollments=[^&]+$/);
  await expect(main(page).getByRole('checkbox', { name: new RegExp(`Leo Okafor · ${program.title}`) })).toBeChecked();
  await topShot(page, takeShot, 'wizard-url-checkout-1280');
  await checkA11y('checkout at the end of the wizard');

  // Back from the checkout: the review no longer applies (the seat is held), so the first step says so.
  await page.goBack();
  await expect(page).toHaveURL(`${enrollPath}?childId=${leoId}`);
  await expect(main(page).getByText('Leo already has a seat held, waiting for payment')).toBeVisible();
});
