import type { APIRequestContext, Page } from '@playwright/test';
import type { Paged } from '@kikstart/contract/common';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { ENROLLMENT_MESSAGES } from '@kikstart/contract/enrollments';
import { test, expect, expectNoA11yViolations } from './fixtures.ts';
import {
  addChildViaApi,
  answerYesNo,
  chooseOption,
  confirmDetailsAndSignWaiver,
  enrollViaApi,
  fillPerson,
  mailTo,
  newDesktopPage,
  newVerifiedParent,
  openSignedIn,
  pickBirthday,
  sessionToken,
  signIn,
  topShot,
} from './journeys.ts';

// The fair waitlist against the real API. Each run makes what it changes, so a retry or a second
// run against the same server starts from the same place: its own one-seat program (a copy of
// the seeded Flag Football, through the E2E_FIXTURES route) and its own two families. The first
// family's Noah holds the only seat; the second family joins the waitlist, Noah drops out, the
// second family is offered the seat (on /account/enrollments and by mail) and accepts it.

const main = (page: Page) => page.getByRole('main');
const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** A one-seat program of this run's own, at Sunset Primary like the seeded Flag Football. */
async function ownProgram(request: APIRequestContext, title: string) {
  const res = await request.post('/api/e2e-fixtures/program', {
    data: { fromSlug: 'sunset-flag-football', title, capacity: 1 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string; title: string } }).data;
}

/** The first family takes the program's only seat for its child Noah, through the API. */
async function holdTheSeat(request: APIRequestContext, programId: string) {
  const holder = await newVerifiedParent(request, 'Priya', 'Patel');
  const childId = await addChildViaApi(request, holder.headers, {
    firstName: 'Noah',
    lastName: 'Patel',
    grade: 3,
    schoolName: 'Sunset Primary School',
  });
  await enrollViaApi(request, holder.headers, childId, programId, 'Priya Patel');
  return holder;
}

test('a second parent is waitlisted on a full program and is offered the seat when the first drops out', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(150_000);
  const program = await ownProgram(request, `Flag Football ${runTag().toUpperCase()}`);
  const PROGRAM = program.title;
  const holder = await holdTheSeat(request, program.id);
  const parent = await newVerifiedParent(request, 'Elena', 'Moreno');
  await openSignedIn(page, parent);

  // The program is full: the details page says so and offers the waitlist.
  await page.goto(`/programs/${program.id}`);
  const facts = main(page).getByRole('complementary', { name: 'Program facts' });
  await expect(facts.getByText('Full — join the waitlist')).toBeVisible();
  await facts.getByRole('link', { name: 'Join the waitlist' }).click();

  // No child yet: add one from the wizard and come straight back with the child chosen.
  await expect(main(page).getByText('You have not added a child yet.')).toBeVisible();
  await main(page).getByRole('link', { name: 'Add a child' }).click();
  const form = page.getByRole('form', { name: 'Child details' });
  await form.getByLabel('First name').fill('Sofia');
  await form.getByLabel('Last name').fill('Moreno');
  await pickBirthday(page, '2017');
  await chooseOption(page, form.getByRole('combobox', { name: 'Grade' }), 'Grade 3');
  await form.getByRole('combobox', { name: 'School' }).fill('Sunset Primary School');
  await answerYesNo(form, /allergies/, 'No');
  await fillPerson(form, 'Contact 1', { name: 'Elena Moreno', relation: 'Mother', phone: '415-555-0142' });
  await answerYesNo(form, /photos/, 'Yes');
  await form.getByRole('button', { name: 'Save child' }).click();

  await expect(page).toHaveURL(/\/enroll\?childId=/);
  await expect(main(page).getByRole('radio', { name: 'Sofia Moreno' })).toBeChecked();
  await expect(main(page).getByText('This program is full')).toBeVisible();
  await confirmDetailsAndSignWaiver(page, 'Elena Moreno');
  await main(page).getByRole('button', { name: 'Continue to the waitlist' }).click();
  await main(page).getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(main(page).getByText('Sofia is on the waitlist — position 1')).toBeVisible();
  await expect(page.getByText(ENROLLMENT_MESSAGES.waitlisted)).toBeVisible();
  await topShot(page, takeShot, 'waitlist-joined-1280');
  await checkA11y('waitlist joined');

  // The first family drops Noah out, with a reason, from his page.
  const demo = await newDesktopPage(browser);
  await signIn(demo, holder.email, holder.password);
  await demo.goto('/account/children');
  await main(demo).getByRole('link', { name: /Noah/ }).click();
  const seat = main(demo).getByRole('article', { name: new RegExp(`${PROGRAM} for Noah`) });
  await seat.getByRole('button', { name: `Drop out: ${PROGRAM}` }).click();
  const dialog = demo.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Drop out' }).click();
  await expect(dialog.getByText(ENROLLMENT_MESSAGES.dropReason)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Noah switched to swimming on Mondays');
  await demo.screenshot({ path: 'e2e/screenshots/waitlist-drop-out-dialog-1280.png' });
  await expectNoA11yViolations(demo, 'drop-out dialog');
  await dialog.getByRole('button', { name: 'Drop out' }).click();
  await expect(dialog).toBeHidden();
  await expect(seat.getByText('Dropped out', { exact: true })).toBeVisible();
  await expect(seat.getByText('Reason: Noah switched to swimming on Mondays')).toBeVisible();
  await demo.context().close();

  // The new family gets the offer mail, and the offer on /account/enrollments.
  const offerMail = await mailTo(request, parent.email, `A seat is open in ${PROGRAM}`);
  expect(offerMail.links.some((l) => l.endsWith('/account/enrollments'))).toBe(true);
  await page.goto('/account/enrollments');
  const offer = main(page)
    .getByRole('region', { name: 'Seat offers' })
    .getByRole('article', { name: `${PROGRAM} for Sofia Moreno` });
  await expect(offer.getByText('Seat offered', { exact: true })).toBeVisible();
  await expect(offer.getByText(/Accept it by/)).toBeVisible();
  await topShot(page, takeShot, 'waitlist-offer-1280');
  await checkA11y('enrollments with an offer');
  await offer.getByRole('button', { name: /^Accept the seat/ }).click();
  await expect(page.getByText(ENROLLMENT_MESSAGES.offerAccepted)).toBeVisible();
  const accepted = main(page).getByRole('article', { name: `${PROGRAM} for Sofia Moreno` });
  await expect(accepted.getByText('Waiting for payment', { exact: true })).toBeVisible();

  // What was stored.
  const list = await page.request.get('/api/enrollments/list', {
    headers: { 'x-access-token': await sessionToken(page) },
  });
  const items = ((await list.json()) as { data: Paged<Enrollment> }).data.items;
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({
    status: 'pending_payment',
    child: { name: 'Sofia Moreno' },
    program: { title: PROGRAM },
    waitlistPosition: null,
  });
  expect(items[0]!.holdExpiresAt).not.toBeNull();
});
