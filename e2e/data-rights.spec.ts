import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { FAMILY_MESSAGES } from '@kikstart/contract/family';
import { AUTH_MESSAGES } from '@kikstart/contract/auth';
import { test, expect } from './fixtures.ts';
import { mailTo, newDesktopPage, openSignedIn, sessionToken, signIn, topShot } from './journeys.ts';

// A family's data rights against the real API: invite a second guardian who joins, remove
// them (their session ends), delete a child, download everything as JSON, delete the account
// (signed out, and the password no longer signs in). New accounts, so the seeded demo family
// other journeys use is left alone.

const main = (page: Page) => page.getByRole('main');
const PASSWORD = 'Harbour-Compass-2031';

/** A parent signed up and verified through the API (sign-up itself is tested elsewhere). */
async function newVerifiedParent(request: APIRequestContext, firstName: string) {
  const email = `rights.${firstName.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  const signup = await request.post('/api/user/signup', {
    data: { firstName, lastName: 'Okafor', email, phone: '415-555-0142', password: PASSWORD },
  });
  expect(signup.status()).toBe(200);
  const link = (await mailTo(request, email, 'Confirm your email address')).links.find((l) =>
    l.includes('/auth/verify-email'),
  )!;
  expect(
    (
      await request.get(`/api/user/email-verify?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`)
    ).status(),
  ).toBe(200);
  return { email, firstName, password: PASSWORD };
}

test('a family invites and removes a guardian, deletes a child, downloads its data and deletes the account', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(180_000);
  const ana = await newVerifiedParent(request, 'Ana');
  const ben = await newVerifiedParent(request, 'Ben');
  await openSignedIn(page, ana);
  const child = {
    firstName: 'Noa',
    lastName: 'Okafor',
    dateOfBirth: '2017-05-15',
    grade: 3,
    schoolName: 'Lincoln Elementary School',
    allergies: 2,
    medicalNotes: '',
    emergencyContacts: [{ name: 'Ana Okafor', relation: 'Mother', phone: '415-555-0142' }],
    pickupPeople: [],
    photoConsent: 2,
  };
  const added = await page.request.post('/api/user/child/add', {
    data: child,
    headers: { 'x-access-token': await sessionToken(page) },
  });
  expect(added.status()).toBe(200);
  const childId = ((await added.json()) as { data: { id: string } }).data.id;

  // Invite Ben; he joins with the mailed link.
  await page.goto('/account/family');
  await expect(main(page).getByText('You are the only guardian, so you cannot leave the family.')).toBeVisible();
  await main(page).getByLabel('Their email').fill(ben.email);
  await main(page).getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(FAMILY_MESSAGES.invited)).toBeVisible();
  await expect(main(page).getByRole('button', { name: `Cancel the invitation to ${ben.email}` })).toBeVisible();
  const joinLink = new URL(
    (await mailTo(request, ben.email, 'Ana Okafor invited you to share their family on KikStart')).links[0]!,
  );
  const benPage = await newDesktopPage(browser);
  await signIn(benPage, ben.email, PASSWORD);
  await benPage.goto(`${joinLink.pathname}${joinLink.search}`);
  await benPage.getByRole('button', { name: 'Join the family' }).click();
  await expect(main(benPage).getByText('You now share this family.')).toBeVisible();

  // Ana removes Ben after confirming; Ben's session ends at once.
  await page.reload();
  await expect(main(page).getByText(ben.email)).toBeVisible();
  await topShot(page, takeShot, 'data-rights-family-1280');
  await checkA11y('family page with a second guardian');
  await main(page).getByRole('button', { name: 'Remove Ben Okafor' }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Remove Ben Okafor from your family?' });
  await expect(removeDialog).toBeVisible();
  await checkA11y('remove guardian dialog');
  await removeDialog.getByRole('button', { name: 'Remove guardian' }).click();
  await expect(page.getByText(FAMILY_MESSAGES.guardianRemoved)).toBeVisible();
  await expect(main(page).getByText(ben.email)).toBeHidden();
  await mailTo(request, ben.email, 'You were removed from a KikStart family');
  await benPage.goto('/account/children');
  await expect(benPage).toHaveURL(/\/auth\/login/);
  await benPage.context().close();

  // Delete the child from the child's page.
  await page.goto(`/account/children/${childId}`);
  await main(page).getByRole('button', { name: 'Delete Noa Okafor' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Noa Okafor?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(page.getByText(FAMILY_MESSAGES.childDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/children$/);
  await expect(main(page).getByRole('heading', { name: 'Noa Okafor' })).toBeHidden();

  // Download everything as JSON from the profile page.
  await page.goto('/account/profile');
  const downloading = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kikstart-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    profile: { email: string };
    family: { children: unknown[]; guardians: { email: string }[] };
  };
  expect(data.profile.email).toBe(ana.email);
  expect(data.family.children).toEqual([]);
  expect(data.family.guardians.map((g) => g.email)).toEqual([ana.email]);

  // Delete the account: the password is required; afterwards Ana is signed out for good.
  await main(page).getByRole('button', { name: 'Delete account' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await deleteDialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deleteDialog.getByText(FAMILY_MESSAGES.passwordRequired)).toBeVisible();
  await deleteDialog.getByLabel('Password').fill('Not-the-password-1');
  await deleteDialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deleteDialog.getByText(FAMILY_MESSAGES.passwordWrong)).toBeVisible();
  await topShot(page, takeShot, 'data-rights-delete-account-1280');
  await checkA11y('delete account dialog');
  await deleteDialog.getByLabel('Password').fill(PASSWORD);
  await deleteDialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(FAMILY_MESSAGES.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(ana.email);
  await form.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(AUTH_MESSAGES.signinWrong).first()).toBeVisible();
});
