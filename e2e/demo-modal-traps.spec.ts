import type { Page } from '@playwright/test';
import { PROGRAM_TIME_ZONE, addDays, programToday } from '@kikstart/contract/schedule';
import { test, expect, FIRST_TIME_COOKIE } from './fixtures.ts';
import { DEMO_PARENT, signIn } from './journeys.ts';
import { clickIntoDate } from './lead-helpers.ts';

/** The session cookie that says the modal already opened by itself in this browser session. */
const SHOWN_COOKIE = 'kikstart_demo_shown';
const MARKETING_PAGES = ['/', '/about-us', '/why-us', '/faq', '/contact-us'];

const demoDialog = (page: Page) => page.getByRole('dialog', { name: 'Request A Free Demo' });
const discardDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Discard what you typed?' });
const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name);

/** Loads a page and waits until it has settled, so a modal that was going to open has opened. */
async function arrive(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('the demo modal does not trap visitors (issue 12, item 1)', () => {
  test('a first visit meets it once per browser session, on a marketing page only; new tabs and reloads do not', async ({
    page,
    request,
  }) => {
    test.slow(); // fourteen page loads
    // Arriving from a shared program link, a mail link or the sign-in page: nothing in the way.
    const programs = (await (await request.get('/api/programs/all-list?limit=1')).json()) as {
      data: { items: { id: string }[] };
    };
    for (const path of [
      `/programs/${programs.data.items[0]!.id}`,
      '/programs',
      '/auth/login',
      '/auth/signup',
      '/book-a-call',
    ]) {
      await arrive(page, path);
      await expect(demoDialog(page), path).toBeHidden();
    }
    expect(await cookie(page, SHOWN_COOKIE)).toBeUndefined();

    // The first marketing page of the session opens it, and records that in a session cookie.
    await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(demoDialog(page)).toBeVisible();
    const shown = await cookie(page, SHOWN_COOKIE);
    expect(shown?.path).toBe('/');
    expect(shown?.expires).toBe(-1); // a session cookie: gone when the browser closes
    await demoDialog(page).getByRole('button', { name: 'Close the demo request' }).click();
    await expect(demoDialog(page)).toBeHidden();
    expect(await cookie(page, FIRST_TIME_COOKIE)).toBeUndefined(); // the spec's cookie is only set by a request

    // A reload, another marketing page and a new tab of the same session leave it closed.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(demoDialog(page)).toBeHidden();
    const tab = await page.context().newPage();
    for (const path of MARKETING_PAGES) {
      await arrive(tab, path);
      await expect(demoDialog(tab), path).toBeHidden();
    }
    await tab.close();

    // The header button still opens it whenever the visitor asks.
    await page.getByRole('banner').getByRole('button', { name: 'Request A Free Demo', exact: true }).click();
    await expect(demoDialog(page)).toBeVisible();
  });

  test('each of home, about, why us, FAQ and contact opens it on a first visit', async ({ browser, baseURL }) => {
    for (const path of MARKETING_PAGES) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await page.goto(path);
      await expect(demoDialog(page), path).toBeVisible();
      await context.close();
    }
  });

  test('never for a signed-in parent, on any page', async ({ page, takeShot }) => {
    // The sign-in card (shared with the lead forms' cards), at both widths, with nothing over it.
    await arrive(page, '/auth/login');
    await expect(demoDialog(page)).toBeHidden();
    await takeShot('login-card-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await takeShot('login-card-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, DEMO_PARENT.email, DEMO_PARENT.password);
    await expect(demoDialog(page)).toBeHidden();
    for (const path of [...MARKETING_PAGES, '/account']) {
      await arrive(page, path);
      await expect(demoDialog(page), path).toBeHidden();
    }
    expect(await cookie(page, SHOWN_COOKIE)).toBeUndefined();
  });
});

test.describe('the demo form keeps what was typed (issue 12, item 2)', () => {
  test.use({ timezoneId: PROGRAM_TIME_ZONE });

  test('Escape in the open calendar closes the calendar only; closing a filled form asks first', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    test.slow(); // one long walk through every way of closing, at two widths
    await page.goto('/');
    const dialog = demoDialog(page);
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel('Full name');
    await name.fill('Priya Raman');
    await dialog.getByLabel('School address').fill('450 Church Street, San Francisco, CA');

    // Escape with focus in the calendar, then with focus back in the date field: the calendar closes, the form stays.
    const calendar = page.getByRole('grid');
    await dialog.getByRole('button', { name: /choose date/i }).click();
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /choose date/i }).click();
    await expect(calendar).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Month' }).focus();
    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(discardDialog(page)).toBeHidden();
    await expect(name).toHaveValue('Priya Raman');

    // Escape on the filled form asks; the safe choice has focus, and Escape there keeps the form.
    await page.keyboard.press('Escape');
    const ask = discardDialog(page);
    await expect(ask).toBeVisible();
    await expect(ask.getByText('Your demo request has not been sent.', { exact: false })).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await checkA11y('discard confirmation over the demo form');
    await takeShot('demo-discard-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('Priya Raman');

    // A click outside the dialog asks too; "Keep editing" keeps everything.
    await page.mouse.click(20, 400);
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(name).toHaveValue('Priya Raman');

    // The close button asks; "Discard" closes, and the next opening starts empty.
    await dialog.getByRole('button', { name: 'Close the demo request' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(ask).toBeHidden();
    await expect(dialog).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Request A Free Demo', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(name).toHaveValue('');

    // An empty form closes at once; so does one whose text was typed and deleted again.
    await name.fill('P');
    await name.fill('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(ask).toBeHidden();

    // On a phone the modal is full screen: the question comes over it the same way.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('presentation').getByRole('button', { name: 'Request A Free Demo' }).click();
    await expect(dialog).toBeVisible();
    await name.fill('Priya Raman');
    await dialog.getByRole('button', { name: 'Close the demo request' }).click();
    await expect(ask).toBeVisible();
    await takeShot('demo-discard-375', { fullPage: false });
    await checkA11y('discard confirmation at 375');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(name).toHaveValue('Priya Raman');
  });
});

test.describe('the demo date is checked against today in California (issue 12, item 10)', () => {
  // UTC+14: for most of the day the browser's date is already a day after California's.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("the form accepts California's today and refuses its yesterday, whatever the browser's zone", async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = demoDialog(page);
    await expect(dialog).toBeVisible();
    const typeDay = async (day: string) => {
      const [y, m, d] = day.split('-');
      await clickIntoDate(dialog, 'Preferred date');
      await page.keyboard.type(`${m}${d}${y}`);
      await dialog.getByRole('button', { name: 'Request my free demo' }).click();
    };
    const today = programToday(new Date());
    const past = dialog.getByText('Date cannot be in the past', { exact: true });
    await typeDay(addDays(today, -1));
    await expect(past).toBeVisible();
    await typeDay(today);
    await expect(dialog.getByText('Full name is required', { exact: true })).toBeVisible();
    await expect(past).toBeHidden();
  });
});
