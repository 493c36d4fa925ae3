import type { APIRequestContext } from '@playwright/test';
import type { Dashboard } from '@kikstart/contract/admin-dashboard';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, enrollViaApi, newVerifiedParent, sessionToken, signIn, topShot } from './journeys.ts';

// The console home's dashboard and the audit log, as staff use them: the numbers for a range of
// days, a program this spec fills (so its row is known exactly), and the trace of a write.

const ADMIN = { email: 'admin@kikstart.example', password: 'Admin-demo-2026' };

const dashboardApi = async (request: APIRequestContext, token: string, from: string, to: string) => {
  const res = await request.get(`/api/admin/dashboard?from=${from}&to=${to}`, { headers: { 'x-access-token': token } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: Dashboard }).data;
};

test('an admin reads the dashboard for a range of days and finds their own write in the audit log', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(120_000);
  // A program of two seats: two children take them, a third waits.
  const title = `Dashboard Soccer ${Date.now().toString(36).toUpperCase()}`;
  const made = await request.post('/api/e2e-fixtures/program', {
    data: { fromSlug: 'sunset-flag-football', title, capacity: 2 },
  });
  expect(made.status(), await made.text()).toBe(200);
  const program = ((await made.json()) as { data: { id: string } }).data;
  const parent = await newVerifiedParent(request, 'Dana', 'Dashboard');
  const kids = [];
  for (const firstName of ['Ada', 'Ben', 'Cal'])
    kids.push(await addChildViaApi(request, parent.headers, { firstName, lastName: 'Dashboard' }));
  await enrollViaApi(request, parent.headers, kids[0]!, program.id, 'Dana Dashboard');
  await enrollViaApi(request, parent.headers, kids[1]!, program.id, 'Dana Dashboard');
  const waiver = ((await (await request.get('/api/cms/waiver-data')).json()) as { data: { version: number } }).data;
  const waitlisted = await request.post('/api/enrollments/create', {
    headers: parent.headers,
    data: {
      childId: kids[2],
      programId: program.id,
      waiverName: 'Dana Dashboard',
      waiverAccepted: true,
      waiverVersion: waiver.version,
      joinWaitlist: true,
    },
  });
  expect(waitlisted.status(), await waitlisted.text()).toBe(200);

  await skipFirstVisitDemo(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();

  // The last 30 days by default, in the URL once changed; this spec's three enrollments are in them.
  const from = main.getByLabel('From');
  const to = main.getByLabel('To');
  const today = await to.inputValue();
  const token = await sessionToken(page);
  const now = await dashboardApi(request, token, await from.inputValue(), today);
  expect(now.enrollments.total).toBeGreaterThanOrEqual(3);
  const figure = (label: string) => main.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Enrollments')).not.toHaveText('0');
  const row = main.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell')).toHaveText([title, '2 of 2', '100%', '1']);
  // The chart is a picture; its numbers are a table for screen readers.
  await expect(main.getByRole('table', { name: 'New leads by kind' })).toBeAttached();
  await checkA11y('console home with the dashboard');
  await topShot(page, takeShot, 'admin-dashboard-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'admin-dashboard-375', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A range long before the site existed: nothing happened in it, and the URL keeps it.
  await from.fill('2020-01-01');
  await to.fill('2020-01-31');
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(figure('Enrollments')).toHaveText('0');
  await expect(figure('New leads')).toHaveText('0');
  await expect(figure('Net revenue')).toHaveText('$0');
  // Fill and waitlists are as they are now, whatever the range.
  await expect(row.getByRole('cell')).toHaveText([title, '2 of 2', '100%', '1']);
  await to.fill('2019-12-31');
  await expect(main.getByText('The first day must not be after the last day')).toBeVisible();

  // A staff write (a check marked received for a checkout that does not exist: refused, and still recorded).
  const write = await request.post('/api/admin/payments/mark-received', {
    headers: { 'x-access-token': token },
    data: { checkoutId: '00000000-0000-4000-8000-00000000e2e7', amountCents: 100, method: 'check' },
  });
  expect(write.status()).toBe(404);

  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await main.getByLabel('Staff member (name or email)').fill(ADMIN.email);
  await main.getByLabel('Search actions').fill('mark-received');
  await expect(page).toHaveURL(/q=mark-received/);
  const entry = main.getByRole('row', { name: /00000000-0000-4000-8000-00000000e2e7|mark-received/ }).first();
  await expect(entry).toContainText('POST /api/admin/payments/mark-received');
  await expect(entry).toContainText(ADMIN.email);
  await expect(entry).toContainText('404');
  await checkA11y('audit log');
  await topShot(page, takeShot, 'admin-audit-log-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'admin-audit-log-375', { fullPage: true });
});
