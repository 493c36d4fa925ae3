import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const STAFF_EMAIL = 'staff@kikstart.example';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * Waits for a mail in the dev mailbox (GET /api/dev/mailbox) that matches, and returns it. The
 * mailbox lists newest first by the queue's sequence (mails of one transaction share a
 * timestamp), so the first match is the newest.
 */
export async function findMail(request: APIRequestContext, match: (mail: DevMail) => boolean): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get('/api/dev/mailbox?limit=100')).json()) as { data: { items: DevMail[] } };
        found = body.data.items.find(match);
        return Boolean(found);
      },
      { message: 'the expected mail never arrived in the dev mailbox', timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export const staffMail = (request: APIRequestContext, subject: string | RegExp) =>
  findMail(
    request,
    (m) => m.to === STAFF_EMAIL && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
  );

/** The demo form's messages for an empty submit (spec §5). */
export const DEMO_REQUIRED = [
  'Full name is required',
  'Phone is required',
  'School name is required',
  'School address is required',
  'Date is required',
  'Time is required',
];

/** The school form's messages for an empty submit (spec §5). */
export const SCHOOL_REQUIRED = [
  'School name is required',
  'Contact person is required',
  'Email is required',
  'Phone is required',
  'Message is required',
];

/** Checks each text appears under the form (the spec's messages, spec §5). */
export async function expectMessages(scope: Locator | Page, messages: string[]) {
  for (const message of messages)
    await expect(scope.getByText(message, { exact: true }).filter({ visible: true }), message).toBeVisible();
}

/**
 * Opens a date field's calendar from its button, and waits until the popup has finished growing
 * in: a click inside it before then can land where it is not yet and close it as a click outside.
 */
export async function openCalendar(scope: Page | Locator, page: Page): Promise<Locator> {
  await scope.getByRole('button', { name: /choose date/i }).click();
  await expect(page.locator('.MuiPickerPopper-paper')).toHaveCSS('transform', 'none', { timeout: 3000 });
  return page.getByRole('dialog').last();
}

/** Opens the date picker as a person would and picks the 15th of next month (always in the future). */
export async function pickFutureDay(scope: Page | Locator, page: Page): Promise<string> {
  // The first click loads the picker (DateField's stand-in) and opens it. Each try starts from a
  // closed calendar (it then opens on the current month).
  await expect(async () => {
    if ((await page.getByRole('grid').count()) > 0) await page.keyboard.press('Escape');
    await openCalendar(scope, page);
    // The calendar popup: while it is open it is the only grid and the only month switcher.
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 3000 });
    await page.getByRole('button', { name: /next month/i }).click({ timeout: 3000 });
    // During the month's slide both months are there; early in a month both have a 15th to pick.
    const fifteenth = page.locator('[role="gridcell"]:not([disabled])').getByText('15', { exact: true });
    await expect(fifteenth).toHaveCount(1, { timeout: 3000 });
    await fifteenth.click({ timeout: 3000 });
    await expect(page.getByRole('grid')).toHaveCount(0, { timeout: 3000 });
    // A click during the month slide can close the popup without choosing: check the value.
    await expect(scope.getByRole('spinbutton', { name: 'Year' })).not.toHaveText('YYYY', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  // The month the calendar opened on is the browser's, which may be in another zone than this process.
  return page.evaluate(() => {
    const now = new Date();
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 15);
    return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-15`;
  });
}

/**
 * Clicks into a date field's month, as a person clicking into the field does: the first click
 * also swaps DateField's stand-in for the picker's field, which takes the focus.
 */
export async function clickIntoDate(scope: Locator, label: string) {
  const month = scope.getByRole('spinbutton', { name: 'Month' });
  if ((await month.count()) > 0) return month.click();
  await scope.getByRole('textbox', { name: label }).click();
  await expect(month).toBeFocused();
}

/** Types at the end of what a field already holds, as a person who clicks into it would. */
export async function typeAtEnd(field: Locator, text: string) {
  await field.click();
  await field.press('End');
  await field.pressSequentially(text);
}

/** The honeypot is in every public form: hidden from people, out of the tab order, autofill off. */
export async function expectHoneypot(form: Locator) {
  const trap = form.locator('input[name="website"]');
  await expect(trap).toHaveCount(1);
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(trap).not.toHaveAttribute('required', /.*/);
  await expect(trap).toHaveValue('');
  expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
}

/** A unique suffix so records of one run are told apart. */
export const runId = () => Date.now().toString(36).slice(-5);
