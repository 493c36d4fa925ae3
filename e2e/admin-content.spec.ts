import type { Page } from '@playwright/test';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { signIn, topShot } from './journeys.ts';

// Issue 15, content: staff edit the about page (previewed before saving) and the home page's
// stats, and families see both on the next page load; a new waiver text is a new version and the
// earlier one stays listed, since signatures point at it.

const DEMO_ADMIN = { email: 'admin@kikstart.example', password: 'Admin-demo-2026' };
const main = (page: Page) => page.getByRole('main');

test('an admin edits the about page and the home page stats, then publishes a waiver version', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase();
  await skipFirstVisitDemo(page);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  // The content list.
  await page.goto('/admin/content');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: /About us/ })).toBeVisible();
  await checkA11y('console content list');
  await topShot(page, takeShot, 'admin-content-list-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'admin-content-list-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The about page: the preview shows the new paragraph before anything is saved.
  await main(page)
    .getByRole('link', { name: /About us/ })
    .click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Edit: About us' })).toBeVisible();
  const text = main(page).getByRole('textbox', { name: 'Page text' });
  const paragraph = `Our coaches ran ${tag} sessions last season.`;
  await text.fill(`${await text.inputValue()}\n\n${paragraph}`);
  const preview = main(page).getByTestId('markdown-preview');
  await expect(preview.getByText(paragraph)).toBeVisible();
  const stored = await request.get('/api/cms/about-us');
  expect(((await stored.json()) as { data: { body: string } }).data.body).not.toContain(paragraph);
  await checkA11y('console Markdown editor');
  await topShot(page, takeShot, 'admin-content-markdown-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'admin-content-markdown-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await main(page).getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Saved. The public site shows it now')).toBeVisible();

  // The home page stats: the first stat gets a new number and label.
  await page.goto('/admin/content/landing');
  const stat = main(page).getByRole('group', { name: 'Stat 1' });
  await stat.getByRole('textbox', { name: 'Number' }).fill('25');
  await stat.getByRole('textbox', { name: 'Label' }).fill(`coaches in ${tag}`);
  await checkA11y('console home page editor');
  await topShot(page, takeShot, 'admin-content-landing-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'admin-content-landing-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await main(page).getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Saved. The public site shows it now')).toBeVisible();

  // Families see both on their next page load.
  await page.goto('/about-us');
  await expect(main(page).getByText(paragraph)).toBeVisible();
  await page.goto('/');
  await expect(main(page).getByText(`coaches in ${tag}`, { exact: true })).toBeVisible();

  // The waiver: publishing makes the next version; the earlier one stays listed and readable.
  const before = ((await (await request.get('/api/cms/waiver-data')).json()) as { data: { version: number } }).data;
  await page.goto('/admin/content/waiver');
  await expect(main(page).getByRole('heading', { name: `Current text: version ${before.version}` })).toBeVisible();
  const waiver = main(page).getByRole('textbox', { name: 'Waiver text' });
  await waiver.fill(`${await waiver.inputValue()}\n\n6. I have read the ${tag} season schedule.`);
  await main(page)
    .getByRole('button', { name: `Publish as version ${before.version + 1}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Publish waiver version ${before.version + 1}?` });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. New enrollments sign this version')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: `Current text: version ${before.version + 1}` })).toBeVisible();
  // The open page's table shows the new version at once (it used to keep the old list now and
  // then: a remount after the save cancelled its refetch), and a fresh load shows the same.
  const versions = main(page).getByRole('table', { name: 'Waiver versions' });
  await expect(versions.getByRole('link', { name: `Version ${before.version}`, exact: true })).toBeVisible();
  await expect(versions.getByRole('link', { name: `Version ${before.version + 1}`, exact: true })).toBeVisible();
  await page.reload();
  await expect(versions.getByRole('link', { name: `Version ${before.version + 1}`, exact: true })).toBeVisible();
  await checkA11y('console waiver versions');
  await topShot(page, takeShot, 'admin-content-waiver-1280', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await topShot(page, takeShot, 'admin-content-waiver-375', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await versions.getByRole('link', { name: `Version ${before.version}`, exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: `Waiver version ${before.version}` })).toBeVisible();
  await expect(main(page).getByText(`I have read the ${tag} season schedule.`)).toHaveCount(0);
  await checkA11y('console waiver version');
  const published = ((await (await request.get('/api/cms/waiver-data')).json()) as { data: { body: string } }).data;
  expect(published.body).toContain(`I have read the ${tag} season schedule.`);
});
