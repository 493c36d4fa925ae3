import type { Page } from '@playwright/test';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { LEAD_SUCCESS } from '@kikstart/contract/leads';
import { DEMO_REQUIRED, SCHOOL_REQUIRED, expectMessages, runId, staffMail } from './lead-helpers.ts';

// The public lead forms with JavaScript off (decision 0033): the browser posts each form to the
// page it is on, the server answers with the page showing the spec's messages or the success,
// and what was sent is stored (the staff mail is written from the stored lead). Axe needs scripts
// to run, so these pages are checked by eye (screenshots) and the same forms by axe in leads.spec.

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ page }) => {
  await skipFirstVisitDemo(page);
});

/** A day well ahead, as the browser's own date field takes it. */
const aFutureDay = () => {
  const day = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  return day.toISOString().slice(0, 10);
};

/** Presses a form's submit button and waits for the page the server answers with. */
async function post(page: Page, form: ReturnType<Page['getByRole']>, button: string) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.request().resourceType() === 'document',
  );
  await form.getByRole('button', { name: button }).click();
  const response = await answer;
  await page.waitForLoadState('domcontentloaded');
  return response;
}

test.describe('lead forms without JavaScript', () => {
  test('Book a call: empty shows the five messages, then a filled form is stored with its slot', async ({
    page,
    request,
    takeShot,
  }) => {
    await page.goto('/book-a-call');
    const form = page.getByRole('form', { name: 'Book a call' });
    const empty = await post(page, form, 'Book my call');
    expect(empty.status()).toBe(422);
    expect(empty.headers()['cache-control']).toBe('no-store');
    await expectMessages(form, [
      'Full name is required',
      'Phone is required',
      'School name is required',
      'Notes is required',
      'Time is required',
    ]);
    await takeShot('no-script-book-call-errors');

    const name = `Noor Haddad ${runId()}`;
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone').fill('6285550142');
    await form.getByLabel('School name').fill('Mission Bay Elementary');
    await form.getByLabel('Notes').fill('Chess and soccer for grades 3 to 5.');
    await form.getByRole('radio', { name: '4 pm', exact: true }).check();
    const sent = await post(page, form, 'Book my call');
    expect(sent.status()).toBe(200);
    await expect(page.getByRole('status')).toContainText(LEAD_SUCCESS.callBooking);
    await takeShot('no-script-book-call-sent');
    const mail = await staffMail(request, `Call booked: ${name} at 4 pm`);
    expect(mail.text).toContain('Mission Bay Elementary');
    await page.getByRole('link', { name: 'Book another call' }).click();
    await expect(page.getByRole('form', { name: 'Book a call' }).getByLabel('Full name')).toHaveValue('');
  });

  test('the demo request: the header leads to its page, empty shows the six messages, "2 pm" is stored', async ({
    page,
    request,
    takeShot,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Request A Free Demo' }).click();
    await expect(page).toHaveURL(/\/request-a-demo/);
    const form = page.getByRole('form', { name: 'Request A Free Demo' });
    const empty = await post(page, form, 'Request my free demo');
    expect(empty.status()).toBe(422);
    await expectMessages(form, DEMO_REQUIRED);
    await takeShot('no-script-demo-errors');

    const school = `Ortega Elementary ${runId()}`;
    await form.getByLabel('Full name').fill('Rosa Lindqvist');
    await form.getByLabel('Phone').fill('415-555-0142');
    await form.getByLabel('School name').fill(school);
    await form.getByLabel('School address').fill('1200 Ortega Street, San Francisco, CA');
    const day = aFutureDay();
    await form.getByLabel('Preferred date').filter({ visible: true }).fill(day);
    await form.getByRole('radio', { name: '2 pm', exact: true }).check();
    const sent = await post(page, form, 'Request my free demo');
    expect(sent.status()).toBe(200);
    await expect(page.getByRole('status')).toContainText(LEAD_SUCCESS.demo);
    const mail = await staffMail(request, `New demo request: ${school}`);
    for (const text of ['Rosa Lindqvist', '415-555-0142', day, '2 pm']) expect(mail.text).toContain(text);
    expect(mail.text).not.toContain('12 pm');
  });

  test('Bring KikStart to my school: the first submit shows its messages and keeps what was typed', async ({
    page,
  }) => {
    await page.goto('/bring-kikstart-to-my-school');
    const form = page.getByRole('form', { name: 'Bring KikStart to my school' });
    await form.getByLabel('School name').fill('Presidio Hill School');
    const answer = await post(page, form, 'Send request');
    expect(answer.status()).toBe(422);
    await expectMessages(
      form,
      SCHOOL_REQUIRED.filter((message) => message !== 'School name is required'),
    );
    await expect(form.getByLabel('School name')).toHaveValue('Presidio Hill School');
  });

  test('the footer’s newsletter sign-up posts to the page it is on', async ({ page }) => {
    await page.goto('/faq');
    const form = page.getByRole('form', { name: 'Newsletter sign-up' });
    const bad = await post(page, form, 'Subscribe');
    expect(bad.status()).toBe(422);
    await expect(page).toHaveURL(/\/faq$/);
    await expectMessages(form, ['Email is required']);
    await form.getByLabel('Email').fill(`reader.${runId()}@example.com`);
    const sent = await post(page, form, 'Subscribe');
    expect(sent.status()).toBe(200);
    await expect(page.getByRole('status')).toContainText(LEAD_SUCCESS.newsletterAdd);
  });
});
