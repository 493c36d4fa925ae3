import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, shot, skipFirstVisitDemo } from './fixtures.ts';
import { DEMO_PARENT, signIn, topShot } from './journeys.ts';
import { toastArea } from './toasts.ts';

/**
 * Issue 16: the demo coach at the field on a phone opens today's session, sees the allergy flag,
 * takes attendance, records a pickup by an authorized person; a pickup by someone else is refused;
 * the parent sees the pickup time on the child's page.
 */
const DEMO_COACH = { email: 'coach@kikstart.example', password: 'Coach-demo-2026' };

test.use({ viewport: { width: 375, height: 812 } });

const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/** A program of the demo coach with a session today and a new child with an allergy (E2E fixture). */
async function sessionToday(request: APIRequestContext) {
  const res = await request.post('/api/e2e-fixtures/coach-session', { data: { title: `Field Soccer ${runTag()}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (
    (await res.json()) as {
      data: { programId: string; title: string; date: string; childName: string; childId: string };
    }
  ).data;
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test('the coach takes attendance and pickups at the field; the parent sees the pickup time', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  // Two people's journeys in one test: the coach's at the field, then the parent's.
  test.setTimeout(120_000);
  const fixture = await sessionToday(request);
  await skipFirstVisitDemo(page);
  await signIn(page, DEMO_COACH.email, DEMO_COACH.password);

  // A coach without a family lands on the portal; the account menu leads there too.
  await expect(page).toHaveURL(/\/coach$/);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Coach portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coach portal' })).toBeVisible();
  const card = page.getByRole('region', { name: fixture.title });
  await expect(card.getByText('Session today')).toBeVisible();
  await checkA11y('coach portal at 375 px');
  await expectNoSideScroll(page);
  await topShot(page, takeShot, 'coach-portal-375');

  await card.getByRole('link', { name: `Open today’s session of ${fixture.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: fixture.title })).toBeVisible();
  const child = page.getByRole('article', { name: fixture.childName });
  // The allergy flag: an icon and the word, not color alone.
  await expect(child.getByText('Allergy', { exact: true })).toBeVisible();
  await expect(child.getByText('Tree nuts: EpiPen in the blue backpack')).toBeVisible();
  await expect(child.getByText('No photos', { exact: true })).toBeVisible();
  await checkA11y('roster at 375 px');
  await expectNoSideScroll(page);
  await topShot(page, takeShot, 'coach-roster-375');

  // Attendance: one press saves, and the button says it is pressed.
  const attendance = child.getByRole('group', { name: `Attendance of ${fixture.childName}` });
  await attendance.getByRole('button', { name: 'Late' }).click();
  await expect(toastArea(page).getByText('Attendance saved')).toBeVisible();
  await expect(attendance.getByRole('button', { name: 'Late' })).toHaveAttribute('aria-pressed', 'true');
  await attendance.getByRole('button', { name: 'Present' }).click();
  await expect(attendance.getByRole('button', { name: 'Present' })).toHaveAttribute('aria-pressed', 'true');

  // Someone not on the list: refused, and nothing recorded.
  await child.getByRole('button', { name: `Record pickup of ${fixture.childName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Pickup of ${fixture.childName}` });
  await expect(dialog.getByRole('radio', { name: /Priya Shah \(Guardian/ })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Pickup time' }).or(dialog.getByLabel('Pickup time'))).toHaveValue(
    /^\d{2}:\d{2}$/,
  );
  await checkA11y('pickup dialog at 375 px');
  await takeShot('coach-pickup-dialog-375', { fullPage: false });
  await dialog.getByRole('radio', { name: 'Someone not on this list' }).check();
  await dialog.getByRole('button', { name: 'Record pickup' }).click();
  await expect(toastArea(page).getByText(/not on the child’s pickup list/)).toBeVisible();
  // The dialog stays open (the card behind it is hidden from the accessibility tree meanwhile).
  await expect(page.getByTestId('pickup-status')).toHaveText('Not picked up yet');

  // The aunt on the pickup list: recorded with the time.
  await dialog.getByRole('radio', { name: /Rosa Lopez \(Aunt/ }).check();
  await dialog.getByRole('button', { name: 'Record pickup' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastArea(page).getByText('Pickup recorded')).toBeVisible();
  const status = child.getByTestId('pickup-status');
  await expect(status).toHaveText(/^Picked up by Rosa Lopez \(Aunt\) at \d{1,2}:\d{2} (am|pm)$/);
  const time = (await status.textContent())!.replace(/^.* at /, '');

  // On paper: no site header or footer, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print roster' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Desktop shots of the same pages.
  await page.setViewportSize({ width: 1280, height: 900 });
  await topShot(page, takeShot, 'coach-roster-1280');
  await checkA11y('roster at 1280 px');
  await page.getByRole('link', { name: 'Coach portal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coach portal' })).toBeVisible();
  await topShot(page, takeShot, 'coach-portal-1280');

  // The parent sees the pickup time on the child's page.
  const parentContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const parentPage = await parentContext.newPage();
  await skipFirstVisitDemo(parentPage);
  await signIn(parentPage, DEMO_PARENT.email, DEMO_PARENT.password);
  await parentPage.goto(`/account/children/${fixture.childId}`);
  const section = parentPage.getByRole('region', { name: 'Attendance' });
  await expect(section.getByText(`Present · Picked up by Rosa Lopez (Aunt) at ${time}`)).toBeVisible();
  await expect(section.getByText(fixture.title)).toBeVisible();
  await expectNoA11yViolations(parentPage, 'child page with attendance at 375 px');
  await shot(parentPage, 'child-attendance-375');
  await parentPage.setViewportSize({ width: 1280, height: 900 });
  await shot(parentPage, 'child-attendance-1280');
  await parentContext.close();
});
