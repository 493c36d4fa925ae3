import type { Page } from '@playwright/test';
import { AUTH_MESSAGES } from '@kikstart/contract/auth';
import { ADMIN_ACCOUNT_MESSAGES } from '@kikstart/contract/admin-families';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, newDesktopPage, newVerifiedParent, signIn, topShot } from './journeys.ts';
import { expectToastOnly } from './toasts.ts';

// The staff console's families section (issue 15): the demo admin finds the demo parent's family
// and reads it; gives a family of this spec's own the coach role (they keep their children) and
// deactivates it (its open session is refused at once). Only the spec's own family is changed.

const ADMIN = { email: 'admin@kikstart.example', password: 'Admin-demo-2026' };
const main = (page: Page) => page.getByRole('main');

async function search(page: Page, text: string) {
  await main(page).getByLabel('Search by name, email, phone or child').fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/[.]/g, '\\.')}`));
}

test('an admin finds a family, gives a parent the coach role and deactivates the account', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  // Well under a minute on an idle machine; the margin is for a loaded CI runner.
  test.setTimeout(120_000);
  const family = await newVerifiedParent(request, 'Lena', 'Okafor');
  await addChildViaApi(request, family.headers, { firstName: 'Tobi', lastName: 'Okafor' });
  // The parent's own browser, signed in (with the API sign-in's token: the form is accounts.spec's), open while staff work.
  const parentPage = await newDesktopPage(browser);
  await parentPage
    .context()
    .addCookies([
      { name: 'kikstart_token', value: family.headers['x-access-token'], url: test.info().project.use.baseURL! },
    ]);

  await skipFirstVisitDemo(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Staff console' }).click();
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Families' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Families' })).toBeVisible();

  // The demo parent, found by email, with both children in the row.
  await search(page, 'parent@kikstart.example');
  const row = main(page).getByRole('row', { name: /Priya Shah/ });
  await expect(row).toContainText('Maya Shah');
  await expect(row).toContainText('Arjun Shah');
  await checkA11y('admin families list');
  await topShot(page, takeShot, 'admin-families-list-1280');
  await row.getByRole('link', { name: 'Open family' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Priya Shah' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Maya Shah' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Arjun Shah' })).toBeVisible();
  const enrollments = main(page).getByRole('table', { name: 'Enrollments' });
  await expect(enrollments.getByRole('row', { name: /Soccer Stars/ }).first()).toBeVisible();
  await checkA11y('admin family page');
  await topShot(page, takeShot, 'admin-family-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await topShot(page, takeShot, 'admin-family-375');
  await page.goBack();
  await expect(main(page).getByRole('row', { name: /Priya Shah/ })).toBeVisible();
  await topShot(page, takeShot, 'admin-families-list-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The fresh parent, found by email, made a coach.
  await search(page, family.email);
  await main(page)
    .getByRole('row', { name: /Lena Okafor/ })
    .getByRole('link', { name: 'Open family' })
    .click();
  await expect(main(page).getByRole('heading', { name: 'Tobi Okafor' })).toBeVisible();
  // A click, then the switch is read as the admin sees it: the switch shows the asked-for role once
  // the save has started (a moment after the click, when the query library tells React), which
  // `check()`, reading the state straight after its click, could catch in between (CI, once).
  await main(page).getByRole('switch', { name: 'Coach role for Lena Okafor' }).click();
  await expect(main(page).getByRole('switch', { name: 'Coach role for Lena Okafor' })).toBeChecked();
  await expectToastOnly(page, ADMIN_ACCOUNT_MESSAGES.rolesSaved);
  await expect(main(page).getByRole('switch', { name: 'Coach role for Lena Okafor' })).toBeChecked();
  const profile = await request.get('/api/user/profile', { headers: family.headers });
  expect(((await profile.json()) as { data: { roles: string[] } }).data.roles).toEqual(['parent', 'coach']);
  // The new coach still sees their own children.
  await parentPage.goto('/account/children');
  await expect(parentPage.getByRole('main').getByRole('heading', { name: 'Tobi Okafor' })).toBeVisible();

  // Deactivated behind a confirmation: the open session ends at once, and sign-in says why.
  await main(page).getByRole('button', { name: 'Deactivate Lena Okafor' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate Lena Okafor?' })
    .getByRole('button', { name: 'Deactivate account' })
    .click();
  await expectToastOnly(page, ADMIN_ACCOUNT_MESSAGES.deactivated);
  await expect(main(page).getByText(/this account cannot sign in/)).toBeVisible();
  expect((await request.get('/api/user/profile', { headers: family.headers })).status()).toBe(401);
  await parentPage.reload();
  await expect(parentPage).toHaveURL(/\/auth\/login/);
  const refused = await request.post('/api/user/signin', { data: { email: family.email, password: family.password } });
  expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED', message: AUTH_MESSAGES.signinDeactivated });
  await parentPage.context().close();
});
