import { test, expect, skipFirstVisitDemo } from './fixtures.ts';

// Every content route in the header and footer renders its CMS page and passes axe.
const CMS_ROUTES: { path: string; api: string }[] = [
  { path: '/about-us', api: '/api/cms/about-us' },
  { path: '/why-us', api: '/api/cms/why-us-data' },
  { path: '/faq', api: '/api/cms/faq-data' },
  { path: '/contact-us', api: '/api/cms/contact-us-data' },
  { path: '/privacy-policy', api: '/api/cms/privacy-policy' },
  { path: '/terms-and-conditions', api: '/api/cms/terms-and-conditions' },
  { path: '/photo-policy', api: '/api/cms/photo-policy' },
  { path: '/harassment-policy', api: '/api/cms/harassment-policy' },
];

test.describe('content pages', () => {
  test.beforeEach(async ({ page }) => {
    await skipFirstVisitDemo(page);
  });

  for (const route of CMS_ROUTES) {
    test(`${route.path} shows its content`, async ({ page, request, checkA11y }) => {
      const body = await (await request.get(route.api)).json();
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: body.data.title })).toBeVisible();
      await expect(page).toHaveTitle(`${body.data.title} | KikStart`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', String(body.data.description));
      await checkA11y(route.path);
    });
  }

  test('a policy page reads well on small and large screens', async ({ page, request, takeShot }) => {
    const body = await (await request.get('/api/cms/privacy-policy')).json();
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: body.data.title })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await takeShot('policy-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { level: 1, name: body.data.title })).toBeVisible();
    await takeShot('policy-375');
    // Nothing sticks out sideways.
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
  });

  test('the contact page shows the details, the form and a way to book a call', async ({ page, request }) => {
    const body = await (await request.get('/api/cms/contact-us-data')).json();
    await page.goto('/contact-us');
    await expect(page.getByRole('main').getByRole('link', { name: body.data.data.email })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Send us a message' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Book a call' })).toHaveAttribute(
      'href',
      '/book-a-call',
    );
    // Policy pages do not load the form.
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('form')).toHaveCount(0);
  });

  test('FAQ answers open by keyboard', async ({ page, request }) => {
    const body = await (await request.get('/api/cms/faq-data')).json();
    const first = body.data.data.items[0];
    await page.goto('/faq');
    const question = page.getByRole('button', { name: first.question });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(first.answer)).toBeVisible();
  });

  test('the schools page lists partner schools', async ({ page, request, checkA11y, takeShot }) => {
    const body = await (await request.get('/api/bringKikStartToMySchool/list')).json();
    await page.goto('/bring-kikstart-to-my-school');
    await expect(page.getByRole('heading', { level: 1, name: body.data.page.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: body.data.schools[0].name })).toBeVisible();
    await takeShot('schools-1280');
    await checkA11y('/bring-kikstart-to-my-school');
  });
});
