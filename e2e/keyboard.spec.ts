import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Paged } from '@kikstart/contract/common';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { UNPAID_HOLD_STATUS } from '@kikstart/contract/enrollment-status';
import { PROGRAM_TIME_ZONE } from '@kikstart/contract/schedule';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, newVerifiedParent } from './journeys.ts';
import { runId, staffMail } from './lead-helpers.ts';

// Issue 12 "Done when": sign-in, the demo request and an enrollment, done with the keyboard only
// (Tab, Shift+Tab, Enter, Space, arrows, typing; no clicks, no fill). Each step checks where the
// focus is, and the end checks what was stored.

const main = (page: Page) => page.getByRole('main');
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

async function ownProgram(request: APIRequestContext) {
  const res = await request.post('/api/e2e-fixtures/program', {
    data: { fromSlug: 'sunset-flag-football', title: `Flag Football ${runId().toUpperCase()}`, capacity: 10 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string; title: string } }).data;
}

test.use({ timezoneId: PROGRAM_TIME_ZONE });

test('keyboard only: sign in, request a free demo, enroll a child up to the checkout', async ({
  page,
  request,
  checkA11y,
}) => {
  test.setTimeout(150_000);
  const program = await ownProgram(request);
  const family = await newVerifiedParent(request, 'Keiko', 'Tanaka');
  await addChildViaApi(request, family.headers, {
    firstName: 'Hana',
    lastName: 'Tanaka',
    grade: 3,
    schoolName: 'Sunset Primary School',
  });
  await skipFirstVisitDemo(page);

  // Sign in.
  await page.goto('/auth/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await tabTo(page, form.getByLabel('Email'));
  await page.keyboard.type(family.email);
  await tabTo(page, form.getByLabel('Password', { exact: false }).first());
  await page.keyboard.type(family.password);
  await page.keyboard.press('Enter');
  const account = page.getByRole('button', { name: /^Account menu for/ });
  await expect(account).toBeVisible();

  // The demo request, opened from the header.
  const opener = page.getByRole('banner').getByRole('button', { name: 'Request A Free Demo', exact: true });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request A Free Demo' });
  await expect(dialog).toBeVisible();
  const name = `Keiko Tanaka ${runId()}`;
  const school = `Sunset Elementary ${runId()}`;
  await tabTo(page, dialog.getByLabel('Full name'));
  await page.keyboard.type(name);
  await tabTo(page, dialog.getByLabel('Phone'));
  await page.keyboard.type('4155550142');
  await expect(dialog.getByLabel('Phone')).toHaveValue('415-555-0142');
  await tabTo(page, dialog.getByLabel('School name'));
  await page.keyboard.type(school);
  await tabTo(page, dialog.getByLabel('School address'));
  await page.keyboard.type('1200 Ortega Street, San Francisco, CA');
  // The date: open the calendar from its button, next month with Page Down, choose with Enter.
  await tabTo(page, dialog.getByRole('button', { name: /choose date/i }));
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('grid');
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('[role="gridcell"]:focus')).toHaveCount(1);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(dialog.getByRole('spinbutton', { name: 'Year' })).not.toHaveText('YYYY');
  // The time: into the group with Tab, then the arrows move the choice.
  const slots = dialog.getByRole('radiogroup', { name: 'Preferred time' });
  await tabTo(page, slots.getByRole('radio').first());
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(slots.getByRole('radio', { name: '2 pm', exact: true })).toBeFocused();
  await expect(slots.getByRole('radio', { name: '2 pm', exact: true })).toBeChecked();
  const submit = dialog.getByRole('button', { name: 'Request my free demo' });
  await tabTo(page, submit);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/demo/create'));
  await page.keyboard.press('Enter');
  const response = await sent;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { message: string };
  await expect(dialog).toBeHidden();
  await expect(page.getByText(body.message)).toBeVisible();
  // What was stored reaches the staff.
  const mail = await staffMail(request, `New demo request: ${school}`);
  for (const text of [name, '415-555-0142', school, '2 pm']) expect(mail.text).toContain(text);

  // The enrollment wizard.
  const enrollPath = `/programs/${program.id}/enroll`;
  await page.goto(enrollPath);
  const hana = main(page).getByRole('radio', { name: 'Hana Tanaka' });
  await tabTo(page, hana);
  await page.keyboard.press('Space');
  await expect(hana).toBeChecked();
  await expect(main(page).getByText('Hana can join')).toBeVisible();
  await tabTo(page, main(page).getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { level: 2, name: 'School details' })).toBeFocused();
  await tabTo(page, main(page).getByRole('button', { name: 'These details are right' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { level: 2, name: 'Waiver' })).toBeVisible();
  await tabTo(page, main(page).getByLabel('Guardian’s full name'));
  await page.keyboard.type('Keiko Tanaka');
  const accept = main(page).getByRole('checkbox', { name: /accept it on behalf of my child/ });
  await tabTo(page, accept);
  await page.keyboard.press('Space');
  await expect(accept).toBeChecked();
  await tabTo(page, main(page).getByRole('button', { name: 'Sign and continue' }));
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { level: 2, name: 'Review' })).toBeVisible();
  await tabTo(page, main(page).getByRole('button', { name: 'Continue to payment' }));
  await page.keyboard.press('Enter');
  const hold = main(page).getByRole('button', { name: 'Hold my seat' });
  await tabTo(page, hold);
  // Shift+Tab leaves it and comes back: nothing in the step holds the focus.
  await page.keyboard.press('Shift+Tab');
  await expect(main(page).getByRole('button', { name: 'Back' })).toBeFocused();
  await tabTo(page, hold);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/checkout\?enrollments=[^&]+$/);
  const seat = main(page).getByRole('checkbox', { name: new RegExp(`Hana Tanaka · ${program.title}`) });
  await expect(seat).toBeChecked();
  await tabTo(page, main(page).getByRole('button', { name: /^Continue to payment/ }));
  await checkA11y('checkout reached by keyboard');

  const list = await request.get('/api/enrollments/list', { headers: family.headers });
  const items = ((await list.json()) as { data: Paged<Enrollment> }).data.items;
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ program: { id: program.id }, status: UNPAID_HOLD_STATUS });
});
