import type { Page } from '@playwright/test';
import { test, expect, shot, skipFirstVisitDemo } from './fixtures.ts';
import { newVerifiedParent, signIn } from './journeys.ts';

// Issue 42: a client-rendered page (sign-in, the parent area, the console) showed a blank screen,
// then a bare spinner, while its code loaded. Its first paint is now the header's bar and logo
// (index.html), the page's own skeleton stands in its place while its code loads, and the page
// the sign-in form leads to loads while the parent types.

/** Holds back the built files whose names match `file` until the returned function is called. */
async function holdFiles(page: Page, file: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(file, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

test('a client-rendered page paints the header bar and the logo before its app runs', async ({ page }) => {
  await skipFirstVisitDemo(page);
  const visitor = await page.context().newPage();
  const release = await holdFiles(visitor, /\/assets\/boot-[\w-]+\.js$/);
  const sizes = [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ];
  const shellBars = [];
  for (const size of sizes) {
    await visitor.setViewportSize(size);
    await visitor.goto('/auth/login', { waitUntil: 'load' });
    const shell = visitor.locator('.client-shell');
    await expect(shell.locator('img[src="/favicon.svg"]')).toBeVisible();
    shellBars.push(await shell.locator('.client-shell-bar').boundingBox());
    await shot(visitor, `client-shell-${size.width}`);
  }
  release();
  // The bar stands where the app's header then draws itself: nothing moves when it takes over.
  for (const [i, size] of sizes.entries()) {
    await visitor.setViewportSize(size);
    await visitor.goto('/auth/login');
    await expect(visitor.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expect(visitor.locator('.client-shell')).toHaveCount(0);
    expect(await visitor.getByRole('banner').boundingBox()).toEqual(shellBars[i]);
  }
});

test('the shell takes the theme the visitor chose', async ({ page }) => {
  await skipFirstVisitDemo(page);
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseURL }]);
  const visitor = await page.context().newPage();
  await holdFiles(visitor, /\/assets\/boot-[\w-]+\.js$/);
  await visitor.goto('/auth/login', { waitUntil: 'load' });
  const colour = await visitor.locator('.client-shell-bar').evaluate((bar) => getComputedStyle(bar).backgroundColor);
  expect(colour).toBe('rgb(28, 28, 28)');
});

test('while a page’s code loads, its skeleton stands in its place, and it is announced', async ({
  page,
  request,
  checkA11y,
}) => {
  const parent = await newVerifiedParent(request, 'Lena', 'Okafor');
  await skipFirstVisitDemo(page);
  await signIn(page, parent.email, parent.password);
  const release = await holdFiles(page, /\/assets\/child-new-page-[\w-]+\.js$/);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Add a child' }).first().click();
  const skeleton = page.getByTestId('page-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton.getByRole('status')).toHaveText('Loading');
  await checkA11y('a page loading');
  await shot(page, 'page-skeleton');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a child' })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test('the page the sign-in form leads to loads while the parent types', async ({ page, request }) => {
  const parent = await newVerifiedParent(request, 'Ravi', 'Menon');
  await skipFirstVisitDemo(page);
  const dashboardCode = page.waitForResponse(/\/assets\/dashboard-page-[\w-]+\.js$/);
  await page.goto('/auth/login');
  // Loaded before the form is sent, so the dashboard replaces the form without a wait for code.
  await dashboardCode;
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(parent.email);
  await form.getByLabel('Password', { exact: false }).first().fill(parent.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ravi' })).toBeVisible();
});
