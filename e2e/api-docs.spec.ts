import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Swagger UI renders operations as they scroll into view: scroll down until the path shows. */
async function scrollToOperation(page: Page, path: string) {
  const operation = page.getByText(path).first();
  await expect
    .poll(async () => {
      if (await operation.count()) return true;
      await page.mouse.wheel(0, 2000);
      return false;
    })
    .toBe(true);
  await expect(operation).toBeVisible();
}

// The OpenAPI UI is served by the API with its own assets; it must work under the site's CSP.
test('the API documentation renders the generated endpoints', async ({ page, takeShot }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('KikStart API').first()).toBeVisible();
  await scrollToOperation(page, '/api/user/signin');
  await scrollToOperation(page, '/api/programs/all-list');
  await scrollToOperation(page, '/api/chat/history');
  await page.mouse.wheel(0, -100_000);
  await takeShot('api-docs-1280', { fullPage: false });
});
