import { test, expect, skipFirstVisitDemo } from './fixtures.ts';

// Moving between pages inside the app (issue 42): the next page's code is fetched when a link to
// it is likely to be followed, and the focus lands on the new page's heading.

test.beforeEach(async ({ page }) => skipFirstVisitDemo(page));

test("after a navigation the focus is on the new page's main heading", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programs' }).click();
  await expect(page).toHaveURL(/\/programs$/);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  // The keyboard goes on from there: the next Tab stays in the page, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test("pointing at a link fetches its page's code before the click", async ({ page }) => {
  await page.goto('/');
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).hover();
  await expect.poll(() => fetched.some((path) => /\/assets\/login-page-[\w-]+\.js$/.test(path))).toBe(true);
  const requestsBefore = fetched.length;
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  // The click asked for the page's code no second time.
  expect(fetched.slice(requestsBefore).filter((path) => /\/assets\/login-page-/.test(path))).toEqual([]);
});
