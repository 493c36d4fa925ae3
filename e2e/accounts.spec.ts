import type { APIRequestContext, Page } from '@playwright/test';
import { AUTH_MESSAGES } from '@kikstart/contract/auth';
import { test, expect, shot, skipFirstVisitDemo } from './fixtures.ts';
import { mailTo, portraitPng } from './journeys.ts';
import { expectInlineOnly, expectToastOnly } from './toasts.ts';

// Accounts against the real API: sign-up, the verification mail read through the /dev/mailbox
// page, sign-in, profile, password change, logout and the forgotten-password reset.

const VERIFY_SUBJECT = 'Confirm your email address';
const RESET_SUBJECT = 'Your KikStart password reset code';

/** The page's main landmark: the footer has its own Email field (newsletter), toasts sit outside. */
const main = (page: Page) => page.getByRole('main');

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${(counter += 1)}@example.com`;

async function tokenCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'kikstart_token');
}

/** An account that is already verified, made through the API (for tests about other things). */
async function createVerifiedAccount(request: APIRequestContext, password = 'Maple-Harbor-2031') {
  const email = uniqueEmail('parent');
  const signup = await request.post('/api/user/signup', {
    data: { firstName: 'Grace', lastName: 'Okafor', email, phone: '312-555-0199', password },
  });
  expect(signup.status()).toBe(200);
  const mail = await mailTo(request, email, VERIFY_SUBJECT);
  const link = mail.links.find((l) => l.includes('/auth/verify-email'))!;
  const verify = await request.get(
    `/api/user/email-verify?token=${encodeURIComponent(new URL(link).searchParams.get('token')!)}`,
  );
  expect(verify.status()).toBe(200);
  return { email, password };
}

/** Opens the newest mail to `to` on the /dev/mailbox page, as a developer would, and clicks its link. */
async function openMailLink(page: Page, to: string, subject: string, linkPath: string) {
  await page.goto('/dev/mailbox');
  const item = page
    .getByRole('list', { name: 'Mails, newest first' })
    .getByRole('button')
    .filter({ hasText: subject })
    .filter({ hasText: `To ${to}` })
    .first();
  await item.click();
  const mail = page.getByRole('article');
  await expect(mail.getByRole('heading', { name: subject })).toBeVisible();
  await mail.getByRole('link', { name: new RegExp(linkPath) }).click();
}

/** A small PNG drawn by the browser, to upload as the avatar. */
async function signIn(page: Page, email: string, password: string) {
  await main(page).getByLabel('Email').fill(email);
  await main(page)
    .getByLabel(/^Password/)
    .fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('accounts', () => {
  test('sign up, verify by mail, sign in, edit the profile, change and reset the password', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    test.setTimeout(240_000);
    await skipFirstVisitDemo(page);
    const email = uniqueEmail('ana.lopez');
    const firstPassword = 'Sunny-Trampoline-42';
    const secondPassword = 'Quiet-Lantern-Orbit-7';
    const resetPasswordValue = 'Harvest-Moon-Kayak-19';

    // Sign-up: the contract's messages under each field when empty, phone formatted as typed.
    await page.goto('/auth/signup');
    await expect(page).toHaveTitle('Create an account | KikStart');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(main(page).getByText(AUTH_MESSAGES.firstName)).toBeVisible();
    await expect(main(page).getByText(AUTH_MESSAGES.lastName)).toBeVisible();
    await expect(main(page).getByText(AUTH_MESSAGES.email, { exact: true })).toBeVisible();
    await expect(main(page).getByText(AUTH_MESSAGES.phone, { exact: true })).toBeVisible();
    await expect(main(page).getByText(AUTH_MESSAGES.password, { exact: true })).toBeVisible();
    await expect(main(page).getByLabel('First name')).toBeFocused();
    await takeShot('accounts-signup-errors-1280');
    await checkA11y('sign-up with errors');

    await main(page).getByLabel('First name').fill('  Ana María ');
    await main(page).getByLabel('Last name').fill('López');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Phone').pressSequentially('(555) 234 4567');
    await expect(main(page).getByLabel('Phone')).toHaveValue('555-234-4567');
    await main(page)
      .getByLabel(/^Password/)
      .fill('password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(main(page).getByText(AUTH_MESSAGES.passwordCommon)).toBeVisible();
    const password = main(page).getByLabel(/^Password/);
    await password.fill(firstPassword);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(main(page).getByText(email)).toBeVisible();
    await checkA11y('sign-up: check your email');

    // Signing in before verifying: the toast says why (once), the form offers to send the link again.
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(main(page).getByLabel('Email')).toHaveValue(email);
    await main(page)
      .getByLabel(/^Password/)
      .fill(firstPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToastOnly(page, AUTH_MESSAGES.signinUnverified);
    const unverified = main(page).getByRole('alert').filter({ hasText: 'No email from us?' });
    await expect(unverified).toBeVisible();
    await unverified.getByRole('button', { name: 'Send the link again' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: AUTH_MESSAGES.verifyResent })).toBeVisible();
    await expectInlineOnly(page, AUTH_MESSAGES.verifyResent);

    // The dev mailbox page: newest first, open the mail, click its link.
    await page.goto('/dev/mailbox');
    await expect(page).toHaveTitle('Dev mailbox | KikStart');
    await expect(main(page).getByText('This inbox exists only in development')).toBeVisible();
    const mails = page
      .getByRole('list', { name: 'Mails, newest first' })
      .getByRole('button')
      .filter({ hasText: `To ${email}` });
    await expect(mails).toHaveCount(2); // the sign-up mail and the one sent again
    await mails.first().click();
    await expect(page.getByRole('article').getByRole('heading', { name: VERIFY_SUBJECT })).toBeVisible();
    await expect(page.getByRole('article')).toContainText('verify-email?token=');
    await takeShot('accounts-mailbox-1280');
    await checkA11y('dev mailbox with a mail open');
    await page
      .getByRole('article')
      .getByRole('link', { name: /\/auth\/verify-email\?token=/ })
      .click();
    // This browser signed up: the link signs it in (one toast) and opens the dashboard.
    await expect(page).toHaveURL(/\/account$/);
    await expectToastOnly(page, AUTH_MESSAGES.emailVerifiedSignedIn);
    await expect(page.getByRole('button', { name: 'Account menu for Ana María López' })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'kikstart_signup')).toBeUndefined();

    // Signing out says so, then sign in: cookie set (path /, Lax), then the dashboard.
    await page.getByRole('button', { name: 'Account menu for Ana María López' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectToastOnly(page, 'You are signed out');
    await expect(page).toHaveTitle('Sign in | KikStart');
    await main(page).getByLabel('Email').fill(email);
    await main(page)
      .getByLabel(/^Password/)
      .fill(firstPassword);
    await takeShot('accounts-login-1280');
    await checkA11y('login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const cookie = await tokenCookie(page);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false });
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    const firstToken = cookie!.value;

    // Profile through the account menu.
    const account = page.getByRole('button', { name: 'Account menu for Ana María López' });
    await expect(account).toBeVisible();
    await account.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Your profile | KikStart');
    await expect(main(page).getByText('555-234-4567')).toBeVisible();

    // Edit: names, phone, address and a photo (preview before saving).
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await main(page).getByLabel('First name').fill('Ana');
    await main(page).getByLabel('Phone').fill('');
    await main(page).getByLabel('Phone').pressSequentially('3125550147');
    await expect(main(page).getByLabel('Phone')).toHaveValue('312-555-0147');
    await main(page).getByLabel('Address').fill('1440 W Chestnut St\nChicago, IL 60642');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add a photo' }).click();
    await (await chooser).setFiles({ name: 'ana.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(main(page).getByRole('alert').filter({ hasText: 'Choose a JPEG or PNG image' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'ana.png',
      mimeType: 'image/png',
      buffer: await portraitPng(page, { background: '#0E7C86', figure: '#FFD23F' }),
    });
    await expect(main(page).getByText('Selected: ana.png')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo of Ana María López' })).toHaveAttribute('src', /^blob:/);
    await checkA11y('profile edit form');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(AUTH_MESSAGES.profileUpdated).first()).toBeVisible(); // the toast
    await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
    await expect(main(page).getByText('312-555-0147')).toBeVisible();
    await expect(main(page).getByText('Chicago, IL 60642')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo of Ana López' })).toHaveAttribute(
      'src',
      /\/api\/files\/avatars\/[0-9a-f]{32}\.png\?expires=\d+&signature=/,
    );
    // The header follows the refreshed profile.
    await expect(page.getByRole('button', { name: 'Account menu for Ana López' })).toBeVisible();

    // What was stored, read back with the session's token.
    const stored = await page.request.get('/api/user/profile', { headers: { 'x-access-token': firstToken } });
    expect(stored.status()).toBe(200);
    // Multipart (the photo was sent) turns line breaks into CRLF, as browsers must; the API keeps them.
    expect((await stored.json()).data).toMatchObject({
      firstName: 'Ana',
      lastName: 'López',
      phone: '3125550147',
      address: expect.stringMatching(/^1440 W Chestnut St\r?\nChicago, IL 60642$/),
      email,
    });

    // Screenshots from the top of the page, once the toast has gone.
    await expect(page.getByText(AUTH_MESSAGES.profileUpdated)).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeShot('accounts-profile-1280');
    await checkA11y('profile');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeShot('accounts-profile-375');
    await checkA11y('profile at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Change password: a wrong current password is reported under its field.
    await main(page)
      .getByLabel(/^Current password/)
      .fill('not-my-password');
    await main(page)
      .getByLabel(/^New password/)
      .fill(secondPassword);
    await main(page)
      .getByLabel(/^Confirm new password/)
      .fill(secondPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('p.Mui-error').filter({ hasText: AUTH_MESSAGES.currentPasswordWrong })).toBeVisible();
    await main(page)
      .getByLabel(/^Current password/)
      .fill(firstPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToastOnly(page, AUTH_MESSAGES.passwordChanged);
    await expect(main(page).getByLabel(/^Current password/)).toHaveValue('');

    // Sign out: the cookie is gone and the token is revoked on the server.
    const revoke = page.waitForResponse((r) => r.url().endsWith('/api/user/logout'));
    await page.getByRole('button', { name: 'Account menu for Ana López' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect((await revoke).status()).toBe(200);
    expect(await tokenCookie(page)).toBeUndefined();
    expect((await page.request.get('/api/user/profile', { headers: { 'x-access-token': firstToken } })).status()).toBe(
      401,
    );

    // Forgot password: the same confirmation for anyone, then the code from the mail.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveTitle('Forgot password | KikStart');
    await checkA11y('forgot password');
    await main(page).getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expectToastOnly(page, AUTH_MESSAGES.forgotSent);
    await expect(main(page).getByText('Look for our mail at')).toBeVisible();
    await checkA11y('forgot password sent');
    await page.getByRole('link', { name: 'Enter the code' }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?email=/);
    await expect(main(page).getByLabel('Email')).toHaveValue(email);
    await checkA11y('reset password: code step');

    await openMailLink(page, email, RESET_SUBJECT, '/auth/reset-password\\?');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(main(page).getByLabel('Email')).toHaveValue(email);
    await expect(main(page).getByRole('textbox', { name: 'Code' })).toHaveValue(/^\d{6}$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const persisted = await page.evaluate(() => localStorage.getItem('persist:kikstart') ?? '');
    expect(JSON.parse(JSON.parse(persisted).session).onBoardingToken).toEqual(expect.any(String));
    await main(page)
      .getByLabel(/^New password/)
      .fill(resetPasswordValue);
    await main(page)
      .getByLabel(/^Confirm new password/)
      .fill(`${resetPasswordValue}!`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(main(page).getByText('The passwords do not match')).toBeVisible();
    await checkA11y('reset password: new password step');
    await main(page)
      .getByLabel(/^Confirm new password/)
      .fill(resetPasswordValue);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    const cleared = await page.evaluate(() => localStorage.getItem('persist:kikstart') ?? '');
    expect(JSON.parse(JSON.parse(cleared).session).onBoardingToken).toBeNull();

    // The old password no longer works; the new one does.
    await expectToastOnly(page, AUTH_MESSAGES.passwordReset);
    await main(page).getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, email, secondPassword);
    await expectToastOnly(page, AUTH_MESSAGES.signinWrong);
    await main(page)
      .getByLabel(/^Password/)
      .fill(resetPasswordValue);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('button', { name: 'Account menu for Ana López' })).toBeVisible();
  });

  test('a wrong password shows the message and keeps the visitor signed out', async ({ page, request }) => {
    await skipFirstVisitDemo(page);
    const { email } = await createVerifiedAccount(request);
    await page.goto('/auth/login');
    await signIn(page, email, 'Maple-Harbor-2030');
    await expectToastOnly(page, AUTH_MESSAGES.signinWrong);
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await tokenCookie(page)).toBeUndefined();
    // Field messages from the contract, before any request.
    await main(page).getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(main(page).getByText(AUTH_MESSAGES.emailInvalid)).toBeVisible();
  });

  test('signing up with an address that has an account looks the same, and the owner is mailed instead', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    await skipFirstVisitDemo(page);
    const { email } = await createVerifiedAccount(request);
    await page.goto('/auth/signup');
    await main(page).getByLabel('First name').fill('Someone');
    await main(page).getByLabel('Last name').fill('Else');
    await main(page).getByLabel('Email').fill(email);
    await main(page).getByLabel('Phone').pressSequentially('3125550142');
    await main(page)
      .getByLabel(/^Password/)
      .fill('Copper-Meadow-Lark-8');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(main(page).getByText(email)).toBeVisible();
    await expect(main(page).getByText(/If this address already has an account, the email says so/)).toBeVisible();
    await takeShot('accounts-signup-sent-1280');
    await checkA11y('sign-up: check your email (address already in use)');
    const mail = await mailTo(request, email, 'Someone tried to create a KikStart account with your address');
    expect(mail.links).toContain(`${new URL(page.url()).origin}/auth/forgot-password`);
  });

  test('a signed-out visit to the profile goes to the login and back after signing in', async ({
    page,
    request,
    checkA11y,
  }) => {
    await skipFirstVisitDemo(page);
    const { email, password } = await createVerifiedAccount(request);
    await page.goto('/account/profile');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Faccount%2Fprofile$/);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
    await expect(main(page).getByText('312-555-0199')).toBeVisible();
    await checkA11y('profile after the redirect');

    // An off-site `next` is ignored.
    await page.context().clearCookies({ name: 'kikstart_token' });
    await page.goto('/auth/login?next=https%3A%2F%2Fevil.example%2F');
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/account$/);
    // So is one that resolves to another host once its dot segments are read ("/.//evil.example").
    await page.context().clearCookies({ name: 'kikstart_token' });
    await page.goto('/auth/login?next=%2F.%2F%2Fevil.example');
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a bad verification link shows the error and a resend form', async ({ page, checkA11y }) => {
    await skipFirstVisitDemo(page);
    await page.goto('/auth/verify-email?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
    await expectInlineOnly(page, AUTH_MESSAGES.verifyLinkInvalid);
    await checkA11y('verify email failed');
    await main(page).getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: AUTH_MESSAGES.verifyResent })).toBeVisible();
  });

  test('the dev mailbox says when it is off (production or SMTP: the API answers 404)', async ({ page, checkA11y }) => {
    await skipFirstVisitDemo(page);
    await page.route('**/api/dev/mailbox?*', (route) =>
      route.fulfill({ status: 404, json: { status: 404, message: 'Not found', data: null } }),
    );
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'The dev mailbox is off' })).toBeVisible();
    await checkA11y('dev mailbox off');
    await shot(page, 'dev-mailbox-off');
  });
});
