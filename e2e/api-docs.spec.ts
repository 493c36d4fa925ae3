import { expect, test } from './fixtures.ts';

// The OpenAPI UI is served by the API with its own assets; it must work under the site's CSP.
test('the API documentation renders the generated endpoints', async ({ page, takeShot }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('KikStart API').first()).toBeVisible();
  await expect(page.getByText('/api/programs/all-list').first()).toBeVisible();
  await expect(page.getByText('/api/user/signin').first()).toBeVisible();
  await takeShot('api-docs-1280', { fullPage: false });
});
