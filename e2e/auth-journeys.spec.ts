import type { APIRequestContext, Page } from '@playwright/test';
import { AUTH_MESSAGES } from '@kikstart/contract/auth';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { mailTo, newVerifiedParent, signIn } from './journeys.ts';
import { expectInlineOnly, expectToastOnly, toastArea } from './toasts.ts';

// Issue 12 items 3, 4, 5 and 13, walked as a parent would: the way back through sign-up and the
// mailed link, a link opened twice, a session without browser storage, and one message per event.

const main = (page: Page) => page.getByRole('main');
const PASSWORD = 'Juniper-Canoe-Meadow-24';
const cookieNamed = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name);

/** A seeded program that takes enrollments. */
async function someProgramId(request: APIRequestContext) {
  const list = (await (await request.get('/api/programs/all-list?limit=50')).json()) as {
    data: { items: { id: string; seatsLeft: number }[] };
  };
  const open = list.data.items.find((p) => p.seatsLeft > 0);
  expect(open, 'a program with seats').toBeTruthy();
  return open!.id;
}

/** Guest → program → Enroll → sign-in page → Create an account → sign-up form sent. Returns the mailed link. */
async function signUpFromEnroll(page: Page, request: APIRequestContext, email: string) {
  const programId = await someProgramId(request);
  await page.goto(`/programs/${programId}`);
  await main(page).getByRole('link', { name: 'Enroll', exact: true }).click();
  const wizard = `/programs/${programId}/enroll`;
  await expect(page).toHaveURL(`/auth/login?next=${encodeURIComponent(wizard)}`);
  await main(page).getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(`/auth/signup?next=${encodeURIComponent(wizard)}`);
  // "Sign in" on the sign-up page keeps the way back too.
  await expect(main(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/auth/login?next=${encodeURIComponent(wizard)}`,
  );
  await main(page).getByLabel('First name').fill('Noor');
  await main(page).getByLabel('Last name').fill('Haddad');
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByLabel('Phone').pressSequentially('4155550188');
  await main(page)
    .getByLabel(/^Password/)
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(main(page).getByText(/back where you left off/)).toBeVisible();
  const signupCookie = await cookieNamed(page, 'kikstart_signup');
  expect(signupCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user/email-verify' });
  const mail = await mailTo(request, email, 'Confirm your email address');
  const link = mail.links.find((l) => l.includes('/auth/verify-email'))!;
  // The mail carries no path the form supplied: the way back stays in this browser.
  expect(new URL(link).searchParams.get('next')).toBeNull();
  return { link: new URL(link).pathname + new URL(link).search, wizard };
}

test.describe('the way back through sign-up (issue 12 item 3)', () => {
  test('Enroll → Create an account → the link in the same browser lands on the wizard, signed in', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    await skipFirstVisitDemo(page);
    const email = `noor.${Date.now().toString(36)}@example.com`;
    const { link, wizard } = await signUpFromEnroll(page, request, email);
    await checkA11y('sign-up sent, with the way back');
    await takeShot('auth-signup-sent-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await takeShot('auth-signup-sent-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(link);
    await expect(page).toHaveURL(wizard);
    await expectToastOnly(page, AUTH_MESSAGES.emailVerifiedSignedIn);
    await expect(page.getByRole('button', { name: 'Account menu for Noor Haddad' })).toBeVisible();
    expect(await cookieNamed(page, 'kikstart_token')).toBeTruthy();
    // The sign-up cookie and the remembered way back are used up.
    expect(await cookieNamed(page, 'kikstart_signup')).toBeUndefined();
    expect(await cookieNamed(page, 'kikstart_signup_next')).toBeUndefined();
  });

  test('the link in a fresh browser verifies and asks to sign in, with no session; opened again it says done', async ({
    page,
    browser,
    request,
    baseURL,
    checkA11y,
  }) => {
    await skipFirstVisitDemo(page);
    const email = `noor.fresh.${Date.now().toString(36)}@example.com`;
    const { link, wizard } = await signUpFromEnroll(page, request, email);

    // Another device (or a mail scanner that runs the page).
    const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const elsewhere = await other.newPage();
    await skipFirstVisitDemo(elsewhere);
    await elsewhere.goto(link);
    await expect(elsewhere.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await expectInlineOnly(elsewhere, AUTH_MESSAGES.emailVerified);
    await expect(main(elsewhere).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect((await other.cookies()).find((c) => c.name === 'kikstart_token')).toBeUndefined();
    await expect(elsewhere.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await checkA11y('email confirmed elsewhere');
    await elsewhere.screenshot({ path: 'e2e/screenshots/auth-verified-1280.png', fullPage: true });
    await elsewhere.setViewportSize({ width: 375, height: 812 });
    await elsewhere.screenshot({ path: 'e2e/screenshots/auth-verified-375.png', fullPage: true });
    await elsewhere.setViewportSize({ width: 1280, height: 800 });

    // Opened twice (a reload, a double click): done already, in green, not a red error.
    await elsewhere.reload();
    await expect(elsewhere.getByRole('heading', { name: 'Email already confirmed' })).toBeVisible();
    await expectInlineOnly(elsewhere, AUTH_MESSAGES.emailAlreadyVerified);
    await expect(main(elsewhere).getByRole('alert')).toHaveCount(0);
    await expect(toastArea(elsewhere).getByText(AUTH_MESSAGES.verifyLinkInvalid)).toHaveCount(0);
    expect((await other.cookies()).find((c) => c.name === 'kikstart_token')).toBeUndefined();
    await elsewhere.screenshot({ path: 'e2e/screenshots/auth-already-verified-1280.png', fullPage: true });
    await elsewhere.setViewportSize({ width: 375, height: 812 });
    await elsewhere.screenshot({ path: 'e2e/screenshots/auth-already-verified-375.png', fullPage: true });
    await other.close();

    // The browser that signed up still gets its session (its cookie, not the link, proves it).
    await page.goto(link);
    await expect(page).toHaveURL(wizard);
    await expect(page.getByRole('button', { name: 'Account menu for Noor Haddad' })).toBeVisible();
  });
});

test.describe('a session without browser storage (issue 12 item 5)', () => {
  test('cleared or blocked local storage: a signed-in page reloads signed in', async ({ page, request }) => {
    await skipFirstVisitDemo(page);
    const parent = await newVerifiedParent(request, 'Lena', 'Park');
    await signIn(page, parent.email, parent.password);
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Lena Park' })).toBeVisible();

    // Storage that throws (blocked, private mode) acts as empty: the same.
    await page.addInitScript(() => {
      Storage.prototype.getItem = () => {
        throw new Error('blocked');
      };
    });
    await page.reload();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Lena Park' })).toBeVisible();
  });
});

test.describe('one message per event (issue 12 item 13)', () => {
  test('a lost session says so once and returns to the page after signing in; logout says so', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    await skipFirstVisitDemo(page);
    const parent = await newVerifiedParent(request, 'Omar', 'Reyes');
    await signIn(page, parent.email, parent.password);
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();

    // Signed out elsewhere: this session's token is revoked on the server.
    const token = (await cookieNamed(page, 'kikstart_token'))!.value;
    expect((await request.post('/api/user/logout', { headers: { 'x-access-token': token } })).status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(`/auth/login?next=${encodeURIComponent('/account/profile')}`);
    await expectToastOnly(page, 'Your session has ended. Please sign in again.');
    await expect(toastArea(page).getByText(/sign in to continue/i)).toHaveCount(0);
    await checkA11y('login after a lost session');
    await takeShot('auth-session-ended-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await takeShot('auth-session-ended-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(parent.email);
    await form.getByLabel('Password', { exact: false }).first().fill(parent.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);

    await page.getByRole('button', { name: 'Account menu for Omar Reyes' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expectToastOnly(page, 'You are signed out');
  });

  test('sign-up, sign-in and profile: a field message under its field only, a refusal in the toast only', async ({
    page,
    request,
    checkA11y,
  }) => {
    await skipFirstVisitDemo(page);
    // A rule only the server knows (stubbed): under the field, and the toast points there.
    await page.route('**/api/user/signup', (route) =>
      route.fulfill({
        status: 400,
        json: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'This phone number cannot receive our texts',
          errors: { phone: 'This phone number cannot receive our texts' },
          data: null,
        },
      }),
    );
    await page.goto('/auth/signup');
    await main(page).getByLabel('First name').fill('Ivy');
    await main(page).getByLabel('Last name').fill('Chen');
    await main(page).getByLabel('Email').fill('ivy.chen@example.com');
    await main(page).getByLabel('Phone').pressSequentially('4155550100');
    await main(page)
      .getByLabel(/^Password/)
      .fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectInlineOnly(page, 'This phone number cannot receive our texts');
    await expect(toastArea(page).getByText('Please correct the highlighted fields')).toBeVisible();
    await page.unroute('**/api/user/signup');

    // Sign-in refused: the toast only (no copy of it above the form).
    const parent = await newVerifiedParent(request, 'Ivy', 'Chen');
    await page.goto('/auth/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(parent.email);
    await form.getByLabel('Password', { exact: false }).first().fill('Wrong-Password-123');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expectToastOnly(page, AUTH_MESSAGES.signinWrong);

    // Profile: a wrong current password under its field only; the change itself in the toast only.
    await signIn(page, parent.email, parent.password);
    await page.goto('/account/profile');
    await main(page)
      .getByLabel(/^Current password/)
      .fill('Not-My-Password-1');
    await main(page)
      .getByLabel(/^New password/)
      .fill('Copper-Harbor-Lantern-5');
    await main(page)
      .getByLabel(/^Confirm new password/)
      .fill('Copper-Harbor-Lantern-5');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectInlineOnly(page, AUTH_MESSAGES.currentPasswordWrong);
    await main(page)
      .getByLabel(/^Current password/)
      .fill(parent.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToastOnly(page, AUTH_MESSAGES.passwordChanged);
    await checkA11y('profile after a password change');
  });

  test('a refused id reaches the parent in their words, never "Must be a valid id"', async ({ page }) => {
    await skipFirstVisitDemo(page);
    await page.goto('/programs/not-a-program');
    await expect(
      page.getByText(
        'We could not find that. The link may be incomplete or out of date; please go back and try again.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Must be a valid id')).toHaveCount(0);
  });
});
