import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The toast area (bottom-left, under the header on phones): outside the page's main landmark. */
export const toastArea = (page: Page) => page.locator('.notistack-SnackbarContainer');

/** One message per event: `text` is in a toast and nowhere in the page's main content. */
export async function expectToastOnly(page: Page, text: string) {
  await expect(toastArea(page).getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(text)).toHaveCount(0);
}

/** One message per event: `text` is in the page's main content and in no toast. */
export async function expectInlineOnly(page: Page, text: string) {
  await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
  await expect(toastArea(page).getByText(text)).toHaveCount(0);
}
