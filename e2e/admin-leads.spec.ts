import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PROGRAM_TIME_ZONE } from '@kikstart/contract/schedule';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, mailTo, newVerifiedParent, signIn } from './journeys.ts';
import { pickFutureDay, runId } from './lead-helpers.ts';

// The leads inbox as staff use it: a demo request from the public site worked from new to won
// with a note, a coach applicant's CV downloaded, and a parent's coach-access request approved.

const ADMIN = { email: 'admin@kikstart.example', password: 'Admin-demo-2026' };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Screenshots go to this run's output folder, at 1280 and at 375 px. */
async function shotsAtBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ timezoneId: PROGRAM_TIME_ZONE, viewport: { width: 1280, height: 900 } });

test('an admin works a demo request to won, downloads a CV and approves coach access', async ({
  page,
  browser,
  request,
  checkA11y,
}) => {
  // Three people (visitor, applicant, parent) and the admin in one journey: longer than one page.
  test.setTimeout(180_000);
  const tag = runId();

  // A visitor's first visit: the demo modal, filled as a person would.
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Request A Free Demo' });
  const visitor = `Maria Lopez ${tag}`;
  await dialog.getByLabel('Full name').fill(visitor);
  await dialog.getByLabel('Phone').pressSequentially('4155550142');
  await dialog.getByLabel('School name').fill(`Sunset Elementary ${tag}`);
  await dialog.getByLabel('School address').fill('1200 Ortega Street, San Francisco, CA');
  await pickFutureDay(dialog, page);
  await dialog.getByRole('radio', { name: '2 pm', exact: true }).check();
  await dialog.getByRole('button', { name: 'Request my free demo' }).click();
  await expect(dialog).toBeHidden();

  // An applicant sends the become-a-coach form with a PDF.
  await page.goto('/become-a-coach');
  const form = page.getByRole('form', { name: 'Apply to coach' });
  const applicant = `Ethan Clarke ${tag}`;
  await form.getByLabel(/^Name/).fill(applicant);
  await form.getByLabel('Email').fill(`ethan.${tag}@example.com`);
  await form.getByLabel('Phone').pressSequentially('4155550177');
  await form.getByLabel('Sports').fill('Soccer');
  await form.getByLabel('Experience').fill('Six years coaching U8-U12 soccer.');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: `cv-${tag}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();

  // A parent with a child asks for coach access.
  const parent = await newVerifiedParent(request, 'Grace', `Adeyemi${tag}`);
  await addChildViaApi(request, parent.headers, { firstName: 'Ada', lastName: `Adeyemi${tag}` });
  const asked = await request.post('/api/user/coach/request', {
    headers: parent.headers,
    data: { message: 'I would like to coach the Saturday chess club.' },
  });
  expect(asked.status()).toBe(200);

  // The admin opens the inbox and finds the demo request.
  await page.context().clearCookies();
  await skipFirstVisitDemo(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await page.getByRole('link', { name: /Leads/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await page.getByLabel('Search name, email or school').fill(tag);
  const table = page.getByRole('table', { name: 'Leads' });
  await expect(table.getByRole('row')).toHaveCount(4); // header + demo, application, request
  await checkA11y('/admin/leads');
  await shotsAtBothWidths(page, 'admin-leads');

  // The CSV holds what the filter shows.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8');
  expect(csv).toContain(visitor);
  expect(csv).toContain(applicant);

  // new → contacted (owned by the admin) with a note → won.
  await table.getByRole('link', { name: visitor }).click();
  await expect(page.getByRole('heading', { level: 1, name: visitor })).toBeVisible();
  await expect(page.getByText('1200 Ortega Street, San Francisco, CA')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Contacted');
  await page.getByRole('combobox', { name: 'Owner' }).click();
  await page.getByRole('option', { name: 'Alex Morgan' }).click();
  await expect(page.getByRole('combobox', { name: 'Owner' })).toHaveText('Alex Morgan');
  const notes = page.getByRole('form', { name: 'Add a note' });
  await notes.getByLabel('New note').fill('Called the principal; demo booked for the 15th.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Called the principal; demo booked for the 15th.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Won' }).click();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Won');
  await checkA11y('/admin/leads/demo/:id');
  await shotsAtBothWidths(page, 'admin-lead-detail');

  // What was stored, through the API.
  const token = (await page.context().cookies()).find((c) => c.name === 'kikstart_token')!.value;
  const admin = { 'x-access-token': token };
  const won = await (await request.get(`/api/admin/leads?q=${encodeURIComponent(visitor)}`, { headers: admin })).json();
  expect(won.data.items[0]).toMatchObject({ kind: 'demo', status: 'won', ownerId: expect.any(String) });

  // The applicant's CV, downloaded byte for byte.
  await page.getByRole('link', { name: 'Back to leads' }).click();
  await page.getByRole('link', { name: applicant }).click();
  const cvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download CV/ }).click();
  const cv = await cvDownload;
  expect(cv.suggestedFilename()).toBe(`cv-${tag}.pdf`);
  expect(readFileSync(await cv.path()).equals(PDF)).toBe(true);

  // The coach-access request, approved.
  await page.getByRole('link', { name: 'Back to leads' }).click();
  await page.getByRole('link', { name: `Grace Adeyemi${tag}` }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/The account has the coach role/)).toBeVisible();
  await checkA11y('/admin/leads/coach-request/:id');
  await mailTo(request, parent.email, 'You now have coach access');

  // The new coach still sees their own child, and has the coach role.
  const profile = await (await request.get('/api/user/profile', { headers: parent.headers })).json();
  expect(profile.data.roles).toEqual(['parent', 'coach']);
  const coachContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const baseURL = test.info().project.use.baseURL!;
  await coachContext.addCookies([
    { name: 'kikstart_first_time', value: 'false', url: baseURL },
    { name: 'kikstart_token', value: parent.headers['x-access-token'], url: baseURL },
  ]);
  const coachPage = await coachContext.newPage();
  await coachPage.goto('/account/children');
  await expect(coachPage.getByText(`Ada Adeyemi${tag}`).first()).toBeVisible();
  await coachContext.close();

  // The newsletter list.
  await page.goto('/admin/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await checkA11y('/admin/newsletter');
  await shotsAtBothWidths(page, 'admin-newsletter');
});
