import type { Page } from '@playwright/test';
import { PROGRAM_TIME_ZONE } from '@kikstart/contract/schedule';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { DEMO_REQUIRED, SCHOOL_REQUIRED, expectMessages, pickFutureDay, runId, staffMail } from './lead-helpers.ts';

// Decision 0030: what a visitor does on a server-rendered page before its app is running is
// either done by the page's HTML itself or kept and given to the app once. Each test holds the
// app's code (the boot chunk) back until the action is done, checks that the page had not
// hydrated when it was done, then lets the code through, so no test can pass on a page that was
// already running.

/**
 * A page of the visitor's own, opened without the suite's wait for the app (fixtures.ts), whose
 * boot chunk is held until `release()`.
 */
async function visitorWithAppHeld(page: Page, { firstVisit = false } = {}) {
  if (!firstVisit) await skipFirstVisitDemo(page);
  const visitor = await page.context().newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await visitor.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { visitor, release };
}

const hydrated = (visitor: Page) => visitor.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

const demoDialog = (visitor: Page) => visitor.getByRole('dialog', { name: 'Request A Free Demo' });

test.describe('the first thing a visitor does counts', () => {
  test.use({ timezoneId: PROGRAM_TIME_ZONE });

  test('the first press of "Request my free demo" on an empty form shows all six messages', async ({ page }) => {
    const { visitor, release } = await visitorWithAppHeld(page, { firstVisit: true });
    await visitor.goto('/', { waitUntil: 'load' });
    const dialog = demoDialog(visitor);
    await dialog.getByRole('button', { name: 'Request my free demo' }).click();
    expect(await hydrated(visitor)).toBe(false);
    // The browser did not submit the form itself: the page is still the one it loaded.
    expect(new URL(visitor.url()).search).toBe('');

    release();
    await expectMessages(dialog, DEMO_REQUIRED);
    await visitor.close();
  });

  test('a demo request with "2 pm" picked before the app ran is stored with 2 pm', async ({ page, request }) => {
    const { visitor, release } = await visitorWithAppHeld(page, { firstVisit: true });
    await visitor.goto('/', { waitUntil: 'load' });
    const dialog = demoDialog(visitor);
    await dialog.getByRole('radio', { name: '2 pm', exact: true }).check();
    expect(await hydrated(visitor)).toBe(false);

    release();
    await expect.poll(() => hydrated(visitor)).toBe(true);
    await visitor.waitForTimeout(1000); // where hydration used to put the default back
    await expect(dialog.getByRole('radio', { name: '2 pm', exact: true })).toBeChecked();

    const name = `Early Chooser ${runId()}`;
    const school = `Ridgeview Elementary ${runId()}`;
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Phone').pressSequentially('4155550177');
    await dialog.getByLabel('School name').fill(school);
    await dialog.getByLabel('School address').fill('88 Ridge Road, Oakland, CA');
    await pickFutureDay(dialog, visitor);
    const sent = visitor.waitForRequest((r) => r.url().endsWith('/api/demo/create') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Request my free demo' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ fullName: name, time: '2 pm' });
    const mail = await staffMail(request, `New demo request: ${school}`);
    expect(mail.text).toContain('2 pm');
    expect(mail.text).not.toContain('12 pm');
    await visitor.close();
  });

  test('a slot picked and the form sent before the app ran: one submission, with that slot', async ({ page }) => {
    const { visitor, release } = await visitorWithAppHeld(page);
    await visitor.goto('/book-a-call', { waitUntil: 'load' });
    const form = visitor.getByRole('form', { name: 'Book a call' });
    await form.getByRole('radio', { name: '4 pm', exact: true }).check();
    await form.getByRole('button', { name: 'Book my call' }).click();
    expect(await hydrated(visitor)).toBe(false);
    let submissions = 0;
    visitor.on('request', (r) => {
      if (r.url().endsWith('/api/call-booking/submit')) submissions++;
    });

    release();
    // The slot was kept: every message but the slot's.
    await expectMessages(form, ['Full name is required', 'Phone is required', 'School name is required']);
    await expect(form.getByText('Time is required', { exact: true })).toBeHidden();
    await expect(form.getByRole('radio', { name: '4 pm', exact: true })).toBeChecked();
    expect(submissions).toBe(0); // the form's own checks stopped it: nothing sent, nothing twice
    await visitor.close();
  });

  test('a Book a call with a slot picked before the app ran is stored with that slot', async ({ page, request }) => {
    const { visitor, release } = await visitorWithAppHeld(page);
    await visitor.goto('/book-a-call', { waitUntil: 'load' });
    const form = visitor.getByRole('form', { name: 'Book a call' });
    await form.getByRole('radio', { name: '5 pm', exact: true }).check();
    expect(await hydrated(visitor)).toBe(false);

    release();
    await expect.poll(() => hydrated(visitor)).toBe(true);
    await visitor.waitForTimeout(1000);
    const name = `Early Caller ${runId()}`;
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone').pressSequentially('6285550123');
    await form.getByLabel('School name').fill('Bayside Middle School');
    await form.getByLabel('Notes').fill('Chess club for grades 6-8, please call after school.');
    const sent = visitor.waitForRequest((r) => r.url().endsWith('/api/call-booking/submit') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Book my call' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ fullName: name, bestTimeToCall: '5 pm' });
    await staffMail(request, `Call booked: ${name} at 5 pm`);
    await visitor.close();
  });

  test('the first press of "Send request" on the empty school form shows its errors', async ({ page }) => {
    const { visitor, release } = await visitorWithAppHeld(page);
    await visitor.goto('/bring-kikstart-to-my-school', { waitUntil: 'load' });
    const form = visitor.getByRole('form', { name: 'Bring KikStart to my school' });
    await form.getByRole('button', { name: 'Send request' }).click();
    expect(await hydrated(visitor)).toBe(false);
    expect(new URL(visitor.url()).search).toBe('');

    release();
    await expectMessages(form, SCHOOL_REQUIRED);
    await visitor.close();
  });

  test('a button pressed before the app is there still does its job', async ({ page }) => {
    const { visitor, release } = await visitorWithAppHeld(page);
    await visitor.goto('/programs', { waitUntil: 'load' });
    await visitor.getByRole('button', { name: 'Request A Free Demo' }).first().click();
    expect(await hydrated(visitor)).toBe(false);
    release();
    await expect(demoDialog(visitor)).toBeVisible();
    await expect.poll(() => hydrated(visitor)).toBe(true);
    await visitor.close();
  });

  test("Escape pressed before the app is there closes a first visit's demo modal", async ({ page }) => {
    const { visitor, release } = await visitorWithAppHeld(page, { firstVisit: true });
    await visitor.goto('/', { waitUntil: 'load' });
    const cookies = await visitor.context().cookies();
    expect(cookies.find((c) => c.name === 'kikstart_demo_shown')).toMatchObject({ value: '1', expires: -1 });
    const dialog = demoDialog(visitor);
    await expect(dialog.getByRole('button', { name: 'Request my free demo' })).toBeVisible();
    await visitor.keyboard.press('Escape');
    await visitor.waitForTimeout(300);
    expect(await hydrated(visitor)).toBe(false);
    await expect(dialog).toBeVisible(); // the app is still held back
    release();
    await expect(dialog).toBeHidden();
    // It had no opener: the focus is on the page's main content, not lost on the body.
    await expect(visitor.getByRole('main')).toBeFocused();
    // Closed, the page is the visitor's again: the header's button opens the modal once more.
    await visitor.getByRole('banner').getByRole('button', { name: 'Request A Free Demo', exact: true }).click();
    await expect(dialog).toBeVisible();
    await visitor.close();
  });

  test('what was typed before the app was there is what the form sends', async ({ page }) => {
    const { visitor, release } = await visitorWithAppHeld(page);
    await visitor.goto('/faq', { waitUntil: 'load' });
    const form = visitor.getByRole('form', { name: 'Still have a question?' });
    const name = `Early Typist ${runId()}`;
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Email').fill('early.typist@example.com');
    await form.getByLabel('Subject').fill('Typed at once');
    await form.getByLabel('Message').fill('Typed before the page had finished loading its scripts.');
    expect(await hydrated(visitor)).toBe(false);

    release();
    await expect.poll(() => hydrated(visitor)).toBe(true);
    await expect(form.getByLabel(/^Name/)).toHaveValue(name);
    const sent = visitor.waitForRequest((r) => r.url().endsWith('/api/enquiry/create') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Send question' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      name,
      email: 'early.typist@example.com',
      subject: 'Typed at once',
      message: 'Typed before the page had finished loading its scripts.',
    });
    await expect(visitor.getByRole('heading', { name: 'Question sent' })).toBeVisible();
    await visitor.close();
  });

  test('the app starts once the page has loaded, without waiting for a touch', async ({ page }) => {
    await skipFirstVisitDemo(page);
    const visitor = await page.context().newPage();
    await visitor.goto('/about-us', { waitUntil: 'load' });
    await expect.poll(() => hydrated(visitor), { timeout: 15_000 }).toBe(true);
    await visitor.close();
  });
});
