import { expect, type Page } from '@playwright/test';

/**
 * Picks a date of birth in the calendar popup as a parent would: it opens on the years around a
 * child's age, so the year first, then the 15th of the month shown.
 */
export async function pickBirthday(page: Page, year: string) {
  await page.getByRole('button', { name: /choose date/i }).click();
  const picker = page.getByRole('dialog').last();
  await picker.getByRole('radio', { name: year }).click();
  await picker.locator('[role="gridcell"]:not([disabled])').getByText('15', { exact: true }).click();
  await expect(picker).toBeHidden();
}
