import { test, expect, skipFirstVisitDemo } from './fixtures.ts';

// The sign-in page and /api/user/profile belong to later work, so the profile answer is
// stubbed here with page.route; the cookie, header and navigation rules are the app's own.
// The profile as GET /api/user/profile returns it (contract UserProfile); the name has three words.
const PROFILE = {
  id: 'u-1',
  email: 'ana@example.com',
  firstName: 'Ana Maria',
  lastName: 'Lopez',
  phone: null,
  address: null,
  avatarUrl: null,
  roles: ['parent'],
  emailVerified: true,
  familyId: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};
const FULL_NAME = 'Ana Maria Lopez';

test.describe('session', () => {
  test('without the token cookie the profile is never requested', async ({ page }) => {
    await skipFirstVisitDemo(page);
    const profileCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/profile')) profileCalls.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(profileCalls).toEqual([]);
  });

  test('a profile with status 200 logs in; Log out clears the cookie and goes to /auth/login', async ({
    page,
    context,
    baseURL,
    checkA11y,
    takeShot,
  }) => {
    await skipFirstVisitDemo(page);
    await context.addCookies([{ name: 'kikstart_token', value: 'token-123', url: baseURL! }]);
    const sentTokens: (string | undefined)[] = [];
    await page.route('**/api/user/profile', async (route) => {
      sentTokens.push(route.request().headers()['x-access-token']);
      await route.fulfill({ json: { status: 200, message: 'OK', data: PROFILE } });
    });
    await page.goto('/');
    const account = page.getByRole('button', { name: `Account menu for ${FULL_NAME}` });
    await expect(account).toBeVisible();
    await expect(account).toHaveText('AL'); // first letters of the first and third words
    expect(sentTokens).toEqual(['token-123']);
    // Every request carries the token, not only the profile call.
    const cms = page.waitForRequest('**/api/cms/about-us');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    expect((await cms).headers()['x-access-token']).toBe('token-123');

    const btn = await account.boundingBox();
    await account.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    // The menu opens below the avatar, aligned to its right edge, flat with a border.
    // (The rest of the page is aria-hidden while the menu is open, so the button was measured first.)
    const paper = await menu.locator('xpath=..').boundingBox();
    expect(paper!.y).toBeGreaterThanOrEqual(btn!.y + btn!.height - 1);
    expect(Math.abs(paper!.x + paper!.width - (btn!.x + btn!.width))).toBeLessThanOrEqual(2);
    const paperStyle = await menu
      .locator('xpath=..')
      .evaluate((el) => ({ shadow: getComputedStyle(el).boxShadow, border: getComputedStyle(el).borderTopWidth }));
    expect(paperStyle.shadow).toBe('none');
    expect(paperStyle.border).toBe('1px');
    await takeShot('account-menu-1280', { fullPage: false });
    await checkA11y('account menu open');

    const revoke = page.waitForRequest('**/api/user/logout');
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    // The token is revoked on the server too (the fake one gets a 401; logout goes on regardless).
    expect((await revoke).headers()['x-access-token']).toBe('token-123');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'kikstart_token')).toBeUndefined();
    const persisted = await page.evaluate(() => localStorage.getItem('persist:kikstart') ?? '');
    expect(JSON.parse(JSON.parse(persisted).session)).toEqual({
      isLoggedIn: false,
      userData: null,
      onBoardingToken: null,
    });
  });

  test('a failed profile call logs out and goes to /auth/login', async ({ page, context, baseURL }) => {
    await skipFirstVisitDemo(page);
    await context.addCookies([{ name: 'kikstart_token', value: 'expired', url: baseURL! }]);
    await page.route('**/api/user/profile', (route) =>
      route.fulfill({
        status: 401,
        json: { status: 401, message: 'Your session has expired. Please sign in again.', data: null },
      }),
    );
    await page.goto('/faq');
    // Said once, and signing in again comes back to the page.
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Ffaq$/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await expect(page.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'kikstart_token')).toBeUndefined();
  });

  test('a profile answer with another status logs out too', async ({ page, context, baseURL }) => {
    await skipFirstVisitDemo(page);
    await context.addCookies([{ name: 'kikstart_token', value: 'odd', url: baseURL! }]);
    await page.route('**/api/user/profile', (route) =>
      route.fulfill({ json: { status: 403, message: 'Account disabled', data: null } }),
    );
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2F$/);
    expect((await context.cookies()).find((c) => c.name === 'kikstart_token')).toBeUndefined();
  });
});
