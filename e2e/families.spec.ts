import type { APIRequestContext, Page } from '@playwright/test';
import { CHILD_MESSAGES } from '@kikstart/contract/children';
import type { Paged } from '@kikstart/contract/common';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { ENROLLMENT_MESSAGES } from '@kikstart/contract/enrollments';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import {
  DEMO_PARENT,
  addChildViaApi,
  answerYesNo,
  chooseOption,
  confirmDetailsAndSignWaiver,
  enrollViaApi,
  fillPerson,
  newVerifiedParent,
  openSignedIn,
  pickBirthday,
  programIdByTitle,
  sessionToken,
  topShot,
} from './journeys.ts';

// A parent's journey against the real API and the seeded catalog (packages/db/src/seed):
// add a child, search the catalog both ways, open a program, enroll, see it on the dashboard.
// Journeys that write sign in as a family of their own (made through the API), never as the
// seeded demo parent, so a retry or a second run finds the same starting point.

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Priya Shah's family, made through the API, whose Maya holds a seat in Soccer Stars at Lincoln. */
async function familyWithMayaInSoccerStars(request: APIRequestContext) {
  const family = await newVerifiedParent(request, 'Priya', 'Shah');
  const mayaId = await addChildViaApi(request, family.headers, { firstName: 'Maya', lastName: 'Shah' });
  const soccerStars = await programIdByTitle(request, 'Lincoln', 'Soccer Stars');
  await enrollViaApi(request, family.headers, mayaId, soccerStars, 'Priya Shah');
  return family;
}

const main = (page: Page) => page.getByRole('main');

test.describe('families: children, catalog, enrollment wizard, dashboard', () => {
  test('a parent adds a child, searches the catalog, enrolls through the wizard and sees it on the dashboard', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    test.setTimeout(150_000);
    await openSignedIn(page, await familyWithMayaInSoccerStars(request));

    // The account menu leads to the parent area.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Enrollments' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Children' }).click();
    await expect(page).toHaveURL(/\/account\/children$/);
    await expect(main(page).getByRole('heading', { name: 'Maya Shah' })).toBeVisible();

    // Add a child: an empty form shows the contract's messages under the fields.
    await main(page).getByRole('link', { name: 'Add a child' }).click();
    await expect(page).toHaveTitle('Add a child | KikStart');
    const form = page.getByRole('form', { name: 'Child details' });
    await form.getByRole('button', { name: 'Save child' }).click();
    for (const message of [
      CHILD_MESSAGES.firstName,
      CHILD_MESSAGES.lastName,
      CHILD_MESSAGES.dateOfBirth,
      CHILD_MESSAGES.grade,
      CHILD_MESSAGES.contactName,
    ]) {
      await expect(form.getByText(message, { exact: true }).first(), message).toBeVisible();
    }
    await expect(form.getByText(CHILD_MESSAGES.yesNo).first()).toBeVisible();
    await topShot(page, takeShot, 'families-child-form-errors-1280');
    await checkA11y('child form with errors');

    await form.getByLabel('First name').fill('Leo');
    await form.getByLabel('Last name').fill('Shah');
    await pickBirthday(page, '2018');
    await chooseOption(page, form.getByRole('combobox', { name: 'Grade' }), 'Grade 3');
    await form.getByRole('combobox', { name: 'School' }).fill('Maple');
    await page.getByRole('option', { name: /Maple Grove Elementary/ }).click();
    await answerYesNo(form, /allergies/, 'Yes');
    await form.getByRole('button', { name: 'Save child' }).click();
    await expect(form.getByText(CHILD_MESSAGES.allergyDetails)).toBeVisible();
    await form.getByLabel('Allergy details').fill('Peanuts: EpiPen in the backpack');
    await form.getByLabel('Medical notes').fill('Mild asthma, inhaler before running');
    await fillPerson(form, 'Contact 1', { name: 'Priya Shah', relation: 'Mother', phone: '4155550123' });
    await expect(form.getByRole('group', { name: 'Contact 1' }).getByLabel('Phone')).toHaveValue('415-555-0123');
    await form.getByRole('button', { name: 'Add person' }).click();
    await fillPerson(form, 'Person 1', { name: 'Anita Rao', relation: 'Grandmother', phone: '415-555-0188' });
    await answerYesNo(form, /photos/, 'No');
    await expect(form.getByRole('link', { name: /photo policy/ })).toHaveAttribute('href', '/photo-policy');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'leo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(form.getByRole('img', { name: 'Photo preview' })).toBeVisible();
    await form.getByRole('button', { name: 'Save child' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leo Shah' })).toBeVisible();
    await expect(main(page).getByText('Peanuts: EpiPen in the backpack')).toBeVisible();
    await expect(main(page).getByText(/Anita Rao \(Grandmother\) 415-555-0188/)).toBeVisible();
    // Edit: the form comes back filled in; a change is saved.
    await main(page).getByRole('link', { name: 'Edit details' }).click();
    const edit = page.getByRole('form', { name: 'Child details' });
    await expect(edit.getByLabel('First name')).toHaveValue('Leo');
    await expect(edit.getByRole('group', { name: 'Contact 1' }).getByLabel('Phone')).toHaveValue('415-555-0123');
    await edit.getByLabel('Medical notes').fill('Mild asthma, inhaler before running and swimming');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(main(page).getByText('Mild asthma, inhaler before running and swimming')).toBeVisible();

    // Catalog: search by school name, then by class location; the URL keeps the search.
    await page.goto('/programs');
    await expect(page).toHaveTitle('Programs | KikStart');
    await expect(main(page).getByRole('article').first()).toBeVisible();
    const searchBy = main(page).getByRole('group', { name: 'Search by' });
    await expect(searchBy.getByRole('button', { name: 'School Name' })).toHaveAttribute('aria-pressed', 'true');
    await topShot(page, takeShot, 'families-catalog-1280');
    await checkA11y('catalog');
    // 12 programs a page. The total is read from the API: other specs add programs of their own
    // (the seed has 18 open ones).
    const open = (
      (await (await page.request.get('/api/programs/all-list?limit=1')).json()) as { data: { total: number } }
    ).data.total;
    expect(open).toBeGreaterThanOrEqual(18);
    await main(page)
      .getByRole('navigation', { name: 'Program pages' })
      .getByRole('button', { name: 'Go to page 2' })
      .click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(main(page).getByRole('article')).toHaveCount(Math.min(12, open - 12));
    await main(page).getByRole('searchbox', { name: 'School Name' }).fill('Maple Grove');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=Maple\+Grove/);
    // Maple Grove Elementary runs two programs.
    await expect(main(page).getByRole('article')).toHaveCount(2);
    await expect(main(page).getByRole('heading', { name: 'Tennis Starters' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Brick Engineering' })).toBeVisible();
    await expect(main(page).getByText('2 programs found')).toBeVisible();

    await searchBy.getByRole('button', { name: 'Class Location' }).click();
    await main(page).getByRole('searchbox', { name: 'Class Location' }).fill('Golden Gate Park');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/searchBy=location/);
    await expect(main(page).getByRole('heading', { name: 'Saturday Soccer in the Park' })).toBeVisible();
    await chooseOption(page, main(page).getByRole('combobox', { name: 'Weekday' }), 'Monday');
    await expect(page).toHaveURL(/weekday=1/);
    await expect(main(page).getByRole('heading', { name: 'No programs match your search' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Request A Free Demo' })).toBeVisible();
    await topShot(page, takeShot, 'families-catalog-empty-1280', { fullPage: false });
    await checkA11y('catalog empty state');
    // Back restores the earlier searches, reload keeps them.
    await page.goBack();
    await expect(main(page).getByRole('heading', { name: 'Saturday Soccer in the Park' })).toBeVisible();
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/[?&]q=Maple\+Grove/);
    await page.reload();
    await expect(main(page).getByRole('searchbox', { name: 'School Name' })).toHaveValue('Maple Grove');
    await expect(main(page).getByRole('heading', { name: 'Tennis Starters' })).toBeVisible();

    // Program details.
    await main(page)
      .getByRole('link', { name: /Tennis Starters/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tennis Starters' })).toBeVisible();
    await expect(page).toHaveTitle('Tennis Starters | KikStart');
    const facts = main(page).getByRole('complementary', { name: 'Program facts' });
    await expect(facts.getByText('Tuesdays')).toBeVisible();
    await expect(facts.getByText('Grades 1–4')).toBeVisible();
    // The venue: its name, then its postal address (with a map link, e2e/program-catalog.spec.ts).
    await expect(facts.getByText('Maple Grove Elementary', { exact: true })).toBeVisible();
    await expect(facts.getByText('910 Maple Grove Lane, San Mateo, CA 94402', { exact: true })).toBeVisible();
    await expect(facts.getByText('$269')).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Session by session' })).toBeVisible();
    await topShot(page, takeShot, 'families-details-1280');
    await checkA11y('program details');

    // The wizard.
    await facts.getByRole('link', { name: 'Enroll' }).click();
    await expect(page).toHaveURL(/\/programs\/[^/]+\/enroll/);
    await main(page).getByRole('radio', { name: 'Leo Shah' }).check();
    await expect(main(page).getByText('Leo can join')).toBeVisible();
    await topShot(page, takeShot, 'families-wizard-1-child-1280');
    await checkA11y('wizard step 1');
    await main(page).getByRole('button', { name: 'Continue' }).click();

    await expect(main(page).getByRole('heading', { name: 'School details' })).toBeVisible();
    await expect(main(page).getByText('School: Maple Grove Elementary')).toBeVisible();
    await topShot(page, takeShot, 'families-wizard-2-school-1280');
    await checkA11y('wizard step 2');
    await main(page).getByRole('button', { name: 'These details are right' }).click();

    await expect(main(page).getByRole('heading', { name: 'Waiver', exact: true })).toBeVisible();
    await main(page).getByRole('button', { name: 'Sign and continue' }).click();
    await expect(main(page).getByText(ENROLLMENT_MESSAGES.waiverName)).toBeVisible();
    await expect(main(page).getByText(ENROLLMENT_MESSAGES.waiverAccepted)).toBeVisible();
    await topShot(page, takeShot, 'families-wizard-3-waiver-1280');
    await checkA11y('wizard step 3 with errors');
    await main(page).getByLabel('Guardian’s full name').fill('Priya Shah');
    await main(page)
      .getByRole('checkbox', { name: /accept it on behalf of my child/ })
      .check();
    await main(page).getByRole('button', { name: 'Sign and continue' }).click();

    await expect(main(page).getByRole('heading', { name: 'Review' })).toBeVisible();
    await expect(main(page).getByText('Signed by Priya Shah')).toBeVisible();
    await topShot(page, takeShot, 'families-wizard-4-review-1280');
    await checkA11y('wizard step 4');
    await main(page).getByRole('button', { name: 'Continue to payment' }).click();

    await expect(main(page).getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(main(page).getByText('We hold the seat for 30 minutes, waiting for payment')).toBeVisible();
    await topShot(page, takeShot, 'families-wizard-5-pay-1280');
    await main(page).getByRole('button', { name: 'Hold my seat' }).click();
    await expect(page.getByText(ENROLLMENT_MESSAGES.created)).toBeVisible();

    // Stored as pending payment with the signed waiver.
    const list = await page.request.get('/api/enrollments/list', {
      headers: { 'x-access-token': await sessionToken(page) },
    });
    const stored = ((await list.json()) as { data: Paged<Enrollment> }).data.items.find(
      (e) => e.child.name === 'Leo Shah',
    );
    expect(stored).toMatchObject({
      status: 'pending_payment',
      program: { title: 'Tennis Starters' },
      waiver: { name: 'Priya Shah' },
    });
    expect(new Date(stored!.holdExpiresAt!).getTime() - Date.now()).toBeGreaterThan(25 * 60_000);
    // The wizard ends at the checkout with the new seat ticked; the dashboard offers the same.
    await expect(page).toHaveURL(`/account/checkout?enrollments=${stored!.id}`);
    await expect(main(page).getByRole('checkbox', { name: /Leo Shah · Tennis Starters/ })).toBeChecked();
    await topShot(page, takeShot, 'families-wizard-5-checkout-1280');
    await checkA11y('checkout after the wizard');

    // Dashboard.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const tennis = main(page).getByRole('article', { name: 'Tennis Starters for Leo Shah' });
    await expect(tennis.getByText('Waiting for payment', { exact: true })).toBeVisible();
    await expect(tennis.getByText(/Seat held until/)).toBeVisible();
    await expect(tennis.getByRole('link', { name: 'Pay for Leo Shah in Tennis Starters' })).toHaveAttribute(
      'href',
      `/account/checkout?enrollments=${stored!.id}`,
    );
    await expect(
      main(page)
        .getByRole('article', { name: 'Soccer Stars for Maya Shah' })
        .getByText('Waiting for payment', { exact: true }),
    ).toBeVisible();
    const upcoming = main(page).getByRole('region', { name: 'Next 14 days' });
    await expect(upcoming.getByRole('listitem').filter({ hasText: 'Tennis Starters' }).first()).toBeVisible();
    await expect(main(page).getByLabel('Calendar feed URL')).toHaveValue(/\/api\/calendar\/.+\.ics$/);
    await topShot(page, takeShot, 'families-dashboard-1280');
    await checkA11y('dashboard');

    await page.setViewportSize({ width: 375, height: 800 });
    await topShot(page, takeShot, 'families-dashboard-375');
    await topShot(page, takeShot, 'families-dashboard-375-top', { fullPage: false });
    await main(page).getByRole('heading', { name: 'Enrollments', exact: true }).scrollIntoViewIfNeeded();
    await takeShot('families-dashboard-375-enrollments', { fullPage: false });
    await checkA11y('dashboard at 375');
    await page.goto('/programs');
    await expect(main(page).getByRole('article').first()).toBeVisible();
    await topShot(page, takeShot, 'families-catalog-375');
    await main(page).getByRole('group', { name: 'Search by' }).scrollIntoViewIfNeeded();
    await takeShot('families-catalog-375-filters', { fullPage: false });
    await checkA11y('catalog at 375');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
  });

  test('signed-out visitors go to sign in from Enroll, and come back to the wizard', async ({ page }) => {
    await skipFirstVisitDemo(page);
    await page.goto('/programs?searchBy=location&q=Mission');
    await main(page)
      .getByRole('link', { name: /Tumbling and Gymnastics/ })
      .click();
    // 'Request A Free Demo' opens the demo modal (features/leads) over the program.
    await main(page).getByRole('button', { name: 'Request A Free Demo' }).click();
    const demo = page.getByRole('dialog', { name: 'Request A Free Demo' });
    await expect(demo).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(demo).toBeHidden();
    await expect(main(page).getByText('You will be asked to sign in or create a parent account first.')).toBeVisible();
    await main(page).getByRole('link', { name: 'Enroll' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fprograms%2F[^%]+%2Fenroll/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(DEMO_PARENT.email);
    await form.getByLabel('Password', { exact: false }).first().fill(DEMO_PARENT.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/programs\/[^/]+\/enroll$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Tumbling and Gymnastics' })).toBeVisible();
    await expect(main(page).getByRole('radiogroup', { name: 'Which child is joining?' })).toBeVisible();
  });

  test('an unknown or malformed program address says the program was not found (from the API error code)', async ({
    page,
    takeShot,
  }) => {
    await skipFirstVisitDemo(page);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-program']) {
      await page.goto(`/programs/${id}`);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Program not found' })).toBeVisible();
    }
    await takeShot('families-program-not-found-1280', { fullPage: false });
  });

  test('a schedule clash is shown, and the parent can confirm it', async ({ page, request, checkA11y, takeShot }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, await familyWithMayaInSoccerStars(request));
    // Maya plays Soccer Stars on Wednesdays 3:15 pm; Brick Engineering is Wednesdays 3:10 pm.
    await page.goto('/programs?q=Maple+Grove');
    await main(page)
      .getByRole('link', { name: /Brick Engineering/ })
      .click();
    await main(page)
      .getByRole('complementary', { name: 'Program facts' })
      .getByRole('link', { name: 'Enroll' })
      .click();
    await main(page).getByRole('radio', { name: 'Maya Shah' }).check();
    await expect(main(page).getByText(/Note: This clashes with Soccer Stars/)).toBeVisible();
    await confirmDetailsAndSignWaiver(page, 'Priya Shah');
    await expect(main(page).getByText(/This clashes with Soccer Stars/)).toBeVisible();
    await main(page).getByRole('button', { name: 'Continue to payment' }).click();
    await main(page).getByRole('button', { name: 'Hold my seat' }).click();
    // The server answers 409 with errors.clash: shown, with a way to go ahead.
    const clash = main(page).getByRole('alert').filter({ hasText: 'Schedule clash' });
    await expect(clash).toContainText('This clashes with Soccer Stars');
    await topShot(page, takeShot, 'families-wizard-5-clash-1280');
    await checkA11y('wizard clash warning');
    await main(page).getByRole('button', { name: 'Enroll anyway' }).click();
    await expect(main(page).getByRole('checkbox', { name: /Maya Shah · Brick Engineering/ })).toBeChecked();
    const list = await page.request.get('/api/enrollments/list', {
      headers: { 'x-access-token': await sessionToken(page) },
    });
    const stored = ((await list.json()) as { data: Paged<Enrollment> }).data.items.find(
      (e) => e.child.name === 'Maya Shah' && e.program.title === 'Brick Engineering',
    );
    expect(stored?.status).toBe('pending_payment');
  });

  test('a parent invites a second guardian, who joins the family with the mailed link', async ({
    page,
    browser,
    request,
    checkA11y,
    takeShot,
  }) => {
    test.setTimeout(90_000);
    const family = await newVerifiedParent(request, 'Priya', 'Shah');
    await addChildViaApi(request, family.headers, { firstName: 'Maya', lastName: 'Shah' });
    await openSignedIn(page, family);
    await page.goto('/account/family');
    await expect(main(page).getByText(family.email)).toBeVisible();
    const email = `guardian.${Date.now().toString(36)}@example.com`;
    await main(page).getByLabel('Their email').fill('not-an-email');
    await main(page).getByRole('button', { name: 'Send invitation' }).click();
    await expect(main(page).getByText('Enter a valid email address')).toBeVisible();
    await main(page).getByLabel('Their email').fill(email);
    await main(page).getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent')).toBeVisible();
    await expect(main(page).getByRole('listitem').filter({ hasText: email })).toContainText('Invited');
    await topShot(page, takeShot, 'families-family-1280');
    await checkA11y('family page');

    // The invited guardian signs up with that address and opens the mailed link.
    const password = 'Quartz-Meadow-2031';
    expect(
      (
        await request.post('/api/user/signup', {
          data: { firstName: 'Ravi', lastName: 'Shah', email, phone: '415-555-0177', password },
        })
      ).status(),
    ).toBe(200);
    const mails = async () =>
      (
        (await (await request.get('/api/dev/mailbox?limit=100')).json()) as {
          data: { items: { to: string; subject: string; links: string[] }[] };
        }
      ).data.items;
    let verifyLink = '';
    let joinLink = '';
    await expect
      .poll(async () => {
        const items = (await mails()).filter((m) => m.to === email);
        verifyLink = items.flatMap((m) => m.links).find((l) => l.includes('/auth/verify-email')) ?? '';
        joinLink = items.flatMap((m) => m.links).find((l) => l.includes('/family/join')) ?? '';
        return Boolean(verifyLink && joinLink);
      })
      .toBe(true);
    expect(
      (
        await request.get(
          `/api/user/email-verify?token=${encodeURIComponent(new URL(verifyLink).searchParams.get('token')!)}`,
        )
      ).status(),
    ).toBe(200);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const guardian = await context.newPage();
    await openSignedIn(guardian, { email, password });
    const url = new URL(joinLink);
    await guardian.goto(`${url.pathname}${url.search}`);
    await expect(guardian.getByRole('heading', { level: 1, name: 'Join a family' })).toBeVisible();
    await guardian.getByRole('button', { name: 'Join the family' }).click();
    await expect(main(guardian).getByText('You now share this family.')).toBeVisible();
    await guardian.goto('/account/children');
    await expect(main(guardian).getByRole('heading', { name: 'Maya Shah' })).toBeVisible();
    await context.close();
  });
});
