import type { Locator, Page } from '@playwright/test';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import {
  SCHOOL_REQUIRED,
  expectHoneypot,
  expectMessages,
  findMail,
  runId,
  staffMail,
  typeAtEnd,
} from './lead-helpers.ts';
import { topShot } from './journeys.ts';

// Every public lead form, filled as a person would. The API allows 5 submissions per route and
// IP in 10 minutes; client-side checks stop empty and invalid submits before the network, so
// each route below is called once or twice per run.

test.beforeEach(async ({ page }) => {
  await skipFirstVisitDemo(page);
});

/** Submits and returns the API's answer for `path`. */
async function submitAndWait(page: Page, form: Locator, button: string, path: string) {
  const responsePromise = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
  await form.getByRole('button', { name: button }).click();
  const response = await responsePromise;
  const body = await response.json();
  expect(body.status, JSON.stringify(body)).toBe(200);
  expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
  return { body, sent: response.request() };
}

test.describe('lead forms', () => {
  test('book a call', async ({ page, request, checkA11y, takeShot }) => {
    await page.goto('/contact-us');
    await page.getByRole('main').getByRole('link', { name: 'Book a call' }).click();
    await expect(page).toHaveURL(/\/book-a-call$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a call' })).toBeVisible();
    await expect(page).toHaveTitle('Book a call | KikStart');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /program advisor will call you/);
    const form = page.getByRole('form', { name: 'Book a call' });
    await expectHoneypot(form);
    await expect(form.getByLabel('Full name')).toHaveAttribute('placeholder', 'Enter full name');
    await expect(form.getByLabel('School name')).toHaveAttribute('placeholder', 'Enter School name');
    await checkA11y('/book-a-call');
    await takeShot('book-call-1280');

    await form.getByRole('button', { name: 'Book my call' }).click();
    await expectMessages(form, [
      'Full name is required',
      'Phone is required',
      'School name is required',
      'Notes is required',
      'Time is required',
    ]);
    await checkA11y('/book-a-call with errors');

    const name = `Grace Kim ${runId()}`;
    await form.getByLabel('Full name').fill(name);
    await form.getByLabel('Phone').pressSequentially('628 555');
    await form.getByLabel('School name').fill('Lakeshore Elementary');
    await form.getByLabel('Notes').fill('We would like soccer and chess after school for grades 2-5.');
    await form.getByRole('button', { name: 'Book my call' }).click();
    await expectMessages(form, ['Phone must be 10 digits', 'Time is required']);

    await typeAtEnd(form.getByLabel('Phone'), '0199');
    await expect(form.getByLabel('Phone')).toHaveValue('628-555-0199');
    // By keyboard: focus the group and choose a slot with the arrow keys.
    await form.getByRole('radio', { name: '3 pm', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(form.getByRole('radio', { name: '3 pm', exact: true })).toBeChecked();
    const { body, sent } = await submitAndWait(page, form, 'Book my call', '/api/call-booking/submit');
    expect(sent.postDataJSON()).toMatchObject({
      fullName: name,
      phone: '6285550199',
      schoolName: 'Lakeshore Elementary',
      bestTimeToCall: '3 pm',
      website: '',
    });

    await expect(page.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
    await expect(page.getByRole('main').getByText(body.message)).toBeVisible();
    const mail = await staffMail(request, `Call booked: ${name} at 3 pm`);
    for (const text of [name, '628-555-0199', 'Lakeshore Elementary', 'soccer and chess'])
      expect(mail.text).toContain(text);

    // The form comes back empty.
    await page.getByRole('link', { name: 'Book another call' }).click();
    await expect(form.getByLabel('Full name')).toHaveValue('');
    await expect(form.getByRole('radio', { name: '3 pm', exact: true })).not.toBeChecked();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(form.getByLabel('Full name')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeShot('book-call-375');
    await checkA11y('/book-a-call (375px)');
  });

  test('contact form on the contact page', async ({ page, request, checkA11y }) => {
    const contact = (await (await request.get('/api/cms/contact-us-data')).json()).data;
    await page.goto('/contact-us');
    await expect(page.getByText(contact.data.email).first()).toBeVisible(); // the CMS details stay
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expectHoneypot(form);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expectMessages(form, ['Name is required', 'Email is required', 'Subject is required', 'Message is required']);

    const name = `Olivia Brown ${runId()}`;
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Email').fill('olivia.brown@');
    await form.getByLabel('Phone (optional)').pressSequentially('41555');
    await form.getByLabel('Subject').fill('Summer camp dates');
    await form.getByLabel('Message').fill('When does registration for the summer camps open?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expectMessages(form, ['Enter a valid email address', 'Phone must be 10 digits']);
    await checkA11y('/contact-us with errors');

    await form.getByLabel('Email').fill('olivia.brown@example.com');
    await form.getByLabel('Phone (optional)').fill('');
    const { sent } = await submitAndWait(page, form, 'Send message', '/api/contact-us/submit');
    expect(sent.postDataJSON()).toMatchObject({
      name,
      email: 'olivia.brown@example.com',
      subject: 'Summer camp dates',
      website: '',
    });
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
    const mail = await staffMail(request, /Summer camp dates/);
    for (const text of [name, 'olivia.brown@example.com', 'When does registration for the summer camps open?'])
      expect(mail.text).toContain(text);
    // The visitor gets an acknowledgement too.
    await findMail(request, (m) => m.to === 'olivia.brown@example.com' && m.subject === 'We received your message');
  });

  test('enquiry form on the FAQ page', async ({ page, request, checkA11y }) => {
    await page.goto('/faq');
    const form = page.getByRole('form', { name: 'Still have a question?' });
    await expectHoneypot(form);
    await form.getByRole('button', { name: 'Send question' }).click();
    await expectMessages(form, ['Name is required', 'Email is required', 'Subject is required', 'Message is required']);
    const name = `Noah Wilson ${runId()}`;
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Email').fill('noah at example');
    await form.getByLabel('Subject').fill('Sibling discount');
    await form.getByLabel('Message').fill('Is there a discount for a second child in the same program?');
    await form.getByRole('button', { name: 'Send question' }).click();
    await expectMessages(form, ['Enter a valid email address']);
    await form.getByLabel('Email').fill('noah.wilson@example.com');
    await form.getByLabel('Phone (optional)').pressSequentially('5105550123');
    const { sent } = await submitAndWait(page, form, 'Send question', '/api/enquiry/create');
    expect(sent.postDataJSON()).toMatchObject({ name, phone: '5105550123', subject: 'Sibling discount' });
    await expect(page.getByRole('heading', { name: 'Question sent' })).toBeVisible();
    const mail = await staffMail(request, /Sibling discount/);
    for (const text of [name, 'noah.wilson@example.com', 'second child']) expect(mail.text).toContain(text);
    await checkA11y('/faq after sending');
  });

  test('bring KikStart to my school', async ({ page, request, checkA11y }) => {
    await page.goto('/bring-kikstart-to-my-school');
    const form = page.getByRole('form', { name: 'Bring KikStart to my school' });
    await expectHoneypot(form);
    await form.getByRole('button', { name: 'Send request' }).click();
    await expectMessages(form, SCHOOL_REQUIRED);
    const school = `Hillcrest Academy ${runId()}`;
    await form.getByLabel('School name').fill(school);
    await form.getByLabel('Contact person').fill('Samuel Lee');
    await form.getByLabel('Email').fill('s.lee@hillcrest');
    await form.getByLabel('Phone').pressSequentially('41555501');
    await form.getByLabel('Message').fill('About 120 students in grades K-5; Tuesdays and Thursdays suit us.');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expectMessages(form, ['Enter a valid email address', 'Phone must be 10 digits']);
    await form.getByLabel('Email').fill('s.lee@hillcrest.example.org');
    await typeAtEnd(form.getByLabel('Phone'), '23');
    const { sent } = await submitAndWait(page, form, 'Send request', '/api/bringKikStartToMySchool/request');
    expect(sent.postDataJSON()).toMatchObject({ schoolName: school, contactName: 'Samuel Lee', phone: '4155550123' });
    await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
    const mail = await staffMail(request, `Bring KikStart to a school: ${school}`);
    for (const text of [school, 'Samuel Lee', 's.lee@hillcrest.example.org', '415-555-0123', '120 students'])
      expect(mail.text).toContain(text);
    await checkA11y('/bring-kikstart-to-my-school after sending');
  });

  test('become a coach, with a CV', async ({ page, request, checkA11y, takeShot }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Become a coach' }).click();
    await expect(page).toHaveURL(/\/become-a-coach$/);
    await expect(page).toHaveTitle('Become a coach | KikStart');
    const form = page.getByRole('form', { name: 'Apply to coach' });
    await expectHoneypot(form);
    // Signed out: no coach-access form.
    await expect(page.getByRole('form', { name: 'Ask for coach access' })).toHaveCount(0);
    const cvInput = form.locator('input[type="file"]');
    await expect(cvInput).toHaveAttribute('accept', /\.pdf,\.doc,\.docx,\.xlsx/);
    await takeShot('become-coach-1280');
    await checkA11y('/become-a-coach');

    await form.getByRole('button', { name: 'Send application' }).click();
    await expectMessages(form, [
      'Name is required',
      'Email is required',
      'Phone is required',
      'Sports are required',
      'Experience is required',
      'Please attach your CV',
    ]);

    // The wrong kind of file is refused before upload.
    await cvInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a cv') });
    await expectMessages(form, ['Please choose a PDF, DOC, DOCX or XLSX file']);
    await checkA11y('/become-a-coach with errors');

    const name = `Ethan Clarke ${runId()}`;
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel('Email').fill('ethan.clarke@example.com');
    await form.getByLabel('Phone').pressSequentially('4155550177');
    await form.getByLabel('Sports').fill('Soccer, basketball');
    await form
      .getByLabel('Experience')
      .fill('Six years coaching U8-U12 soccer; USSF grassroots licence; first aid certified.');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    await cvInput.setInputFiles({ name: 'ethan-clarke-cv.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(form.getByText(/ethan-clarke-cv\.pdf \(\d+ B\)/)).toBeVisible();
    await expect(form.getByText('Please choose a PDF, DOC, DOCX or XLSX file')).toHaveCount(0);

    const { sent } = await submitAndWait(page, form, 'Send application', '/api/become-a-coach/submit');
    expect(sent.headers()['content-type']).toMatch(/^multipart\/form-data/);
    await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();
    const mail = await staffMail(request, `New coach application: ${name}`);
    for (const text of [
      name,
      'ethan.clarke@example.com',
      '415-555-0177',
      'Soccer, basketball',
      'ethan-clarke-cv.pdf (PDF',
    ])
      expect(mail.text).toContain(text);

    await page.getByRole('link', { name: 'Send another application' }).click();
    await expect(form.getByLabel(/^Name/)).toHaveValue('');
    await expect(form.getByText('No file chosen')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload(); // a clean page, without the success toast
    await expect(form.getByLabel(/^Name/)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await takeShot('become-coach-375');
    await checkA11y('/become-a-coach (375px)');
  });

  test('a signed-in user asks for coach access', async ({ page, request, baseURL }) => {
    const signin = await (
      await request.post('/api/user/signin', {
        data: { email: 'parent@kikstart.example', password: 'Parent-demo-2026' },
      })
    ).json();
    expect(signin.status, JSON.stringify(signin)).toBe(200);
    await page.context().addCookies([{ name: 'kikstart_token', value: signin.data.token, url: baseURL! }]);
    await page.goto('/become-a-coach');
    const form = page.getByRole('form', { name: 'Ask for coach access' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Ask for coach access' }).click();
    await expectMessages(form, ['Message is required']);
    await form.getByLabel('Message').fill('I would like to coach the Saturday chess club.');
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/user/coach/request'));
    await form.getByRole('button', { name: 'Ask for coach access' }).click();
    const response = await responsePromise;
    expect(response.request().headers()['x-access-token']).toBe(signin.data.token);
    expect((await response.json()).status).toBe(200);
    await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    const mail = await staffMail(request, /^Coach role requested: /);
    expect(mail.text).toContain('Saturday chess club');
  });

  test('newsletter: sign up in the footer, confirm and unsubscribe from the mail links', async ({
    page,
    request,
    checkA11y,
  }) => {
    await page.goto('/about-us');
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' });
    await expectHoneypot(form);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectMessages(form, ['Email is required']);
    await form.getByLabel('Email').fill('lena.fischer@');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectMessages(form, ['Enter a valid email address']);
    const email = `lena.fischer.${runId()}@example.com`;
    await form.getByLabel('Email').fill(email);
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/newsletter/add'));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const body = await (await responsePromise).json();
    expect(body.status).toBe(200);
    await expect(form.getByRole('alert').getByText(body.message)).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue('');
    await checkA11y('newsletter sign-up');

    const mail = await findMail(request, (m) => m.to === email && /confirm/i.test(m.subject));
    const confirmLink =
      mail.links.find((l) => l.includes('/newsletter/confirm?token=')) ??
      mail.text.match(/\S+\/newsletter\/confirm\?token=\S+/)?.[0];
    const unsubscribeLink =
      mail.links.find((l) => l.includes('/newsletter/unsubscribe?token=')) ??
      mail.text.match(/\S+\/newsletter\/unsubscribe\?token=\S+/)?.[0];
    expect(confirmLink, mail.text).toBeTruthy();
    expect(unsubscribeLink, mail.text).toBeTruthy();

    const confirmCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/newsletter/confirm')) confirmCalls.push(r.url());
    });
    await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter subscription' })).toBeVisible();
    await expect(
      page.getByRole('main').getByText('Thank you! Your newsletter subscription is confirmed.'),
    ).toBeVisible();
    expect(confirmCalls).toHaveLength(1);
    await checkA11y('/newsletter/confirm');
    await staffMail(request, 'New newsletter subscriber');

    await page.goto(new URL(unsubscribeLink!).pathname + new URL(unsubscribeLink!).search);
    await expect(
      page.getByRole('main').getByText('You have been unsubscribed and will not receive our newsletter any more.'),
    ).toBeVisible();

    // A link without its token says so and calls nothing.
    await page.goto('/newsletter/confirm');
    await expect(page.getByRole('main').getByText(/This link is missing its token/)).toBeVisible();
    expect(confirmCalls).toHaveLength(1);
  });

  test('newsletter: a confirmation link opened twice (reload, a mail scanner first) says it is done', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    await page.goto('/why-us');
    const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' });
    const email = `omar.haddad.${runId()}@example.com`;
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    const mail = await findMail(request, (m) => m.to === email && /confirm/i.test(m.subject));
    const link = new URL(
      mail.links.find((l) => l.includes('/newsletter/confirm?token=')) ??
        mail.text.match(/\S+\/newsletter\/confirm\?token=\S+/)![0],
    );
    const main = page.getByRole('main');
    const errors = main.locator('.MuiAlert-colorError');

    // The person clicks the link, then reloads the page.
    await page.goto(link.pathname + link.search);
    await expect(main.getByText('Thank you! Your newsletter subscription is confirmed.')).toBeVisible();
    await page.reload();
    const done = main.getByText('Your newsletter subscription is already confirmed. There is nothing more to do.');
    await expect(done).toBeVisible();
    await expect(main.locator('.MuiAlert-colorSuccess')).toContainText('already confirmed');
    await expect(errors).toHaveCount(0);
    await checkA11y('/newsletter/confirm opened again');
    await topShot(page, takeShot, 'newsletter-confirmed-again-1280', { fullPage: false });

    // Days later, the same link from the inbox in a phone's browser: still done, never red.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(link.pathname + link.search);
    await expect(done).toBeVisible();
    await expect(errors).toHaveCount(0);
    await topShot(page, takeShot, 'newsletter-confirmed-again-375', { fullPage: false });
  });
});
