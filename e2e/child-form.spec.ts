import type { Locator, Page } from '@playwright/test';
import { PHONE_MESSAGES } from '@kikstart/contract/phone';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { newVerifiedParent, signIn, topShot } from './journeys.ts';
import { openCalendar } from './lead-helpers.ts';

// Issue 12, items 8, 9, 11 and 15: the child form's rows are not red before anyone typed, an
// error clears as soon as the value is right, a pasted phone keeps every digit, the date of
// birth picker opens on the years, and the calendar card offers one-click subscriptions.

const form = (page: Page) => page.getByRole('form', { name: 'Child details' });
const row = (page: Page, name: string) => form(page).getByRole('group', { name, exact: true });
/** Fields the form paints red (MUI marks them aria-invalid). */
const redFields = (scope: Locator) => scope.locator('[aria-invalid="true"]');

test.describe('child form: validation, phone, date of birth', () => {
  test.beforeEach(async ({ page, request }) => {
    const family = await newVerifiedParent(request, 'Rosa', 'Diaz');
    await skipFirstVisitDemo(page);
    await signIn(page, family.email, family.password);
    await page.goto('/account/children/new');
    await expect(form(page)).toBeVisible();
  });

  test('adding rows shows no red until a field is left; a valid phone clears its error while typing', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    await form(page).getByRole('button', { name: 'Add contact' }).click();
    await form(page).getByRole('button', { name: 'Add person' }).click();
    await expect(row(page, 'Contact 2')).toBeVisible();
    await expect(row(page, 'Person 1')).toBeVisible();
    await expect(redFields(form(page))).toHaveCount(0);
    await expect(form(page).getByText(PHONE_MESSAGES.required)).toHaveCount(0);

    // Passing through an empty row (Add focuses the new row) leaves it quiet too.
    const phone = row(page, 'Contact 2').getByLabel('Phone');
    await phone.focus();
    await phone.blur();
    await expect(redFields(form(page))).toHaveCount(0);

    // Leaving a short number says so under that phone only, and moves nothing below it.
    const button = form(page).getByRole('button', { name: 'Add contact' });
    const before = await button.boundingBox();
    await phone.pressSequentially('415555012');
    await phone.blur();
    await expect(row(page, 'Contact 2').getByText(PHONE_MESSAGES.digits)).toBeVisible();
    await expect(redFields(form(page))).toHaveCount(1);
    expect(await button.boundingBox()).toEqual(before);

    // Typing the last digit clears the error before focus leaves the field.
    await phone.press('End');
    await phone.press('3');
    await expect(phone).toBeFocused();
    await expect(phone).toHaveValue('415-555-0123');
    await expect(row(page, 'Contact 2').getByText(PHONE_MESSAGES.digits)).toHaveCount(0);
    await expect(redFields(form(page))).toHaveCount(0);

    // A number no one can dial is refused with the contract's message.
    const pickup = row(page, 'Person 1').getByLabel('Phone');
    await pickup.pressSequentially('0000000000');
    await pickup.blur();
    await expect(row(page, 'Person 1').getByText(PHONE_MESSAGES.numbering)).toBeVisible();

    await checkA11y('child form with a phone error');
    await topShot(page, takeShot, 'child-form-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await row(page, 'Person 1').scrollIntoViewIfNeeded();
    await takeShot('child-form-375-rows', { fullPage: false });
    await topShot(page, takeShot, 'child-form-375');
  });

  test('after a failed save the rows show their errors; a row added afterwards stays quiet', async ({ page }) => {
    await form(page).getByRole('button', { name: 'Save child' }).click();
    await expect(row(page, 'Contact 1').getByText(PHONE_MESSAGES.required)).toBeVisible();
    await expect(row(page, 'Contact 1').getByText('Name is required')).toBeVisible();
    await form(page).getByRole('button', { name: 'Add contact' }).click();
    await expect(row(page, 'Contact 2')).toBeVisible();
    await expect(redFields(row(page, 'Contact 2'))).toHaveCount(0);
    // The error clears as the right value is typed, without leaving the field.
    const phone = row(page, 'Contact 1').getByLabel('Phone');
    await phone.pressSequentially('4155550123');
    await expect(phone).toBeFocused();
    await expect(row(page, 'Contact 1').getByText(PHONE_MESSAGES.required)).toHaveCount(0);
    await expect(redFields(row(page, 'Contact 1').getByLabel('Phone'))).toHaveCount(0);
  });

  test('a pasted phone keeps every digit, with or without the country code', async ({ page }) => {
    const phone = row(page, 'Contact 1').getByLabel('Phone');
    for (const pasted of ['(415) 555-0123', '+1 415 555 0123', '1-415-555-0123']) {
      await phone.fill('');
      await phone.focus();
      // insertText goes through the browser's editing path, as a paste does (maxLength applies).
      await page.keyboard.insertText(pasted);
      await expect(phone).toHaveValue('415-555-0123');
    }
  });

  test('the date of birth picker opens on the years around a child’s age', async ({ page, checkA11y, takeShot }) => {
    const sixYearsAgo = String(new Date().getFullYear() - 6);
    const picker = await openCalendar(page, page);
    await expect(picker.getByRole('radio', { name: sixYearsAgo })).toBeVisible();
    await expect(picker.getByRole('button', { name: /year view is open/i })).toBeVisible();
    await expect(picker.getByRole('grid')).toHaveCount(0);
    await checkA11y('date of birth picker, year view');
    await takeShot('child-form-dob-picker-1280', { fullPage: false });

    // A year, then a day: the field holds that date.
    const year = String(new Date().getFullYear() - 8);
    await picker.getByRole('radio', { name: year }).click();
    await picker.locator('[role="gridcell"]:not([disabled])').getByText('15', { exact: true }).click();
    await expect(picker).toBeHidden();
    await expect(form(page).locator('input[name="dateOfBirth"]')).toHaveValue(new RegExp(`^\\d{2}/15/${year}$`));
  });
});

test.describe('calendar feed card', () => {
  test('offers Add to Google, Apple and Outlook beside Copy link, each pointing at the family’s feed', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    const family = await newVerifiedParent(request, 'Tomas', 'Reyes');
    await skipFirstVisitDemo(page);
    await signIn(page, family.email, family.password);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Add sessions to your calendar' });
    const feed = await card.getByLabel('Calendar feed URL').inputValue();
    expect(feed).toMatch(/^http:\/\/.+\/api\/calendar\/.+\.ics$/);
    const webcal = feed.replace(/^https?:\/\//, 'webcal://');

    await expect(card.getByRole('button', { name: 'Copy link' })).toBeVisible();
    const google = card.getByRole('link', { name: /Add to Google/ });
    await expect(google).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    );
    await expect(google).toHaveAttribute('target', '_blank');
    await expect(card.getByRole('link', { name: 'Add to Apple' })).toHaveAttribute('href', webcal);
    const outlook = new URL((await card.getByRole('link', { name: /Add to Outlook/ }).getAttribute('href'))!);
    expect(`${outlook.origin}${outlook.pathname}`).toBe('https://outlook.live.com/calendar/0/addfromweb');
    expect(outlook.searchParams.get('url')).toBe(feed);

    await checkA11y('dashboard with the calendar card');
    await card.scrollIntoViewIfNeeded();
    await takeShot('calendar-card-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await takeShot('calendar-card-375', { fullPage: false });
    await checkA11y('dashboard at 375 px');
  });
});
