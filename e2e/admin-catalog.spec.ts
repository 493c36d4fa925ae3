import type { Page, TestInfo } from '@playwright/test';
import { CATALOG_MESSAGES } from '@kikstart/contract/admin-catalog';
import { test, expect, expectNoA11yViolations, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, chooseOption, enrollViaApi, mailTo, newVerifiedParent, signIn } from './journeys.ts';

// The staff console's catalog against the real API. The admin creates a program of this run's
// own (one seat, so a family can fill it), publishes it and finds it in the public catalog with
// its price and schedule; a family takes the seat and another joins the waitlist; raising the
// capacity offers the new seat to the waitlisted family (checked in the dev mailbox); lowering
// it below the seats taken is refused with the message naming them.

const ADMIN = { email: 'admin@kikstart.example', password: 'Admin-demo-2026' };
const main = (page: Page) => page.getByRole('main');
const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Axe, then screenshots at 1280 and 375 px into this run's output folder. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await expectNoA11yViolations(page, name);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin creates and publishes a program, raises a full program for the waitlist, and cannot lower it below the seats taken', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const title = `Harbor Tennis ${runTag()}`;
  const venue = `Harbor Court ${runTag()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await skipFirstVisitDemo(page);
  await signIn(page, ADMIN.email, ADMIN.password);

  await page.goto('/admin/programs');
  // The console's first page loads its code on demand (lazy sections): give a busy machine time.
  await expect(main(page).getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible({ timeout: 30_000 });
  await expect(main(page).getByRole('table', { name: 'Programs' }).getByRole('row').nth(1)).toBeVisible();
  await checkPage(page, testInfo, 'admin-programs');

  // A new program: schedule, one seat, price and coach.
  await main(page).getByRole('link', { name: 'New program' }).click();
  const form = page.getByRole('form', { name: 'Program' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Activity (Soccer, Chess…)').fill('Tennis');
  await form.getByLabel('Summary (on the program card)').fill('Racket skills and friendly rallies for beginners.');
  await form.getByLabel('Description (Markdown)').fill('Eight weeks of **tennis basics** on the public courts.');
  await form.getByLabel('Venue name').fill(venue);
  await form.getByLabel('Venue address').fill('200 Harbor Way, San Francisco, CA 94107');
  await form.getByRole('checkbox', { name: 'Tuesday' }).check();
  await form.getByRole('checkbox', { name: 'Thursday' }).check();
  await form.getByLabel('Start time').fill('15:30');
  await form.getByLabel('End time').fill('16:30');
  await form.getByLabel('First session').fill(day(14));
  await form.getByLabel('Last session').fill(day(14 + 55));
  await form.getByLabel('Lowest grade (K = 0)').fill('0');
  await form.getByLabel('Highest grade').fill('5');
  await form.getByLabel('Capacity (seats)').fill('1');
  await form.getByLabel('Price (USD)').fill('185');
  await chooseOption(page, form.getByLabel('Coach'), 'Jordan Rivera (coach@kikstart.example)');
  await form.getByRole('button', { name: 'Add an activity' }).click();
  await form.getByLabel('Activity 1 title').fill('Grip and ready position');
  await form.getByLabel('Activity 1 description').fill('Forehand grip, split step and moving to the ball.');
  await checkPage(page, testInfo, 'admin-program-new');
  await form.getByRole('button', { name: 'Create program' }).click();

  // Saved as a draft; publishing puts it in the public catalog.
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main(page).getByText('Families cannot see it until you publish it.')).toBeVisible();
  const programId = page.url().split('/').pop()!;
  await main(page).getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(CATALOG_MESSAGES.published)).toBeVisible();

  await page.goto(`/programs?searchBy=location&q=${encodeURIComponent(venue)}`);
  const card = main(page).getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('$185', { exact: true })).toBeVisible();
  await expect(card.getByText('Tuesdays and Thursdays, 3:30 PM – 4:30 PM')).toBeVisible();
  await card.getByRole('link', { name: title }).first().click();
  const facts = main(page).getByRole('complementary', { name: 'Program facts' });
  await expect(facts.getByText('Tuesdays and Thursdays')).toBeVisible();
  await expect(facts.getByText('Jordan R.')).toBeVisible();

  // One family takes the only seat, another joins the waitlist (through the API).
  const holder = await newVerifiedParent(request, 'Priya', 'Patel');
  const holderChild = await addChildViaApi(request, holder.headers, { firstName: 'Noah', lastName: 'Patel' });
  await enrollViaApi(request, holder.headers, holderChild, programId, 'Priya Patel');
  const waiting = await newVerifiedParent(request, 'Elena', 'Moreno');
  const waitingChild = await addChildViaApi(request, waiting.headers, { firstName: 'Sofia', lastName: 'Moreno' });
  const waiver = ((await (await request.get('/api/cms/waiver-data')).json()) as { data: { version: number } }).data;
  const joined = await request.post('/api/enrollments/create', {
    headers: waiting.headers,
    data: {
      childId: waitingChild,
      programId,
      waiverName: 'Elena Moreno',
      waiverAccepted: true,
      waiverVersion: waiver.version,
      joinWaitlist: true,
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);

  // Raising the capacity offers the new seat to the waitlisted family.
  await page.goto(`/admin/programs/${programId}`);
  await expect(main(page).getByText('1 of 1 seats taken, 1 on the waitlist.', { exact: false })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Program' });
  await edit.getByLabel('Capacity (seats)').fill('2');
  await edit.getByRole('button', { name: 'Save program' }).click();
  await expect(page.getByText(`Program saved. ${CATALOG_MESSAGES.offeredSeats(1)}`)).toBeVisible();
  const offer = await mailTo(request, waiting.email, `A seat is open in ${title}`);
  expect(offer.links.some((l) => l.includes('/account/enrollments'))).toBe(true);

  // Lowering below the two seats now taken (a hold and an open offer) is refused, under the field.
  await edit.getByLabel('Capacity (seats)').fill('1');
  await edit.getByRole('button', { name: 'Save program' }).click();
  await expect(edit.getByLabel('Capacity (seats)')).toHaveAccessibleDescription(CATALOG_MESSAGES.capacityBelowTaken(2));
  await expect(edit.getByRole('alert')).toContainText(CATALOG_MESSAGES.capacityBelowTaken(2));
  await page.reload();
  await expect(main(page).getByText('2 of 2 seats taken', { exact: false })).toBeVisible();
  await checkPage(page, testInfo, 'admin-program-edit');
});
