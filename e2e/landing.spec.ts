import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import type { Page } from '@playwright/test';
import type { ProgramSummary } from '@kikstart/contract/programs';
// The web app's own wording, so these checks follow the format wherever it is defined.
import { audienceText, dateRangeText, priceText, scheduleText } from '../apps/web/src/lib/format/program-text.ts';

// With the motion everyone sees (the other specs run with reduced motion, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

// Seeded content (packages/db/src/seed): read through the API, as the test DB is owned by the server.
const HERO_TITLE = 'Sports and enrichment programs kids love';

/** Spec palette, as the browser reports computed colours. */
const PALETTE = {
  brandRed: 'rgb(237, 28, 36)', // #ED1C24
  brandRedDark: 'rgb(200, 22, 29)', // primary.dark, used for contained buttons (contrast)
};

/** Nothing may stick out sideways (a horizontal scrollbar means a layout bug). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the viewport').toBeLessThanOrEqual(client);
}

async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
  // Wait until every section has replaced its skeletons.
  await expect(page.getByRole('region', { name: 'Featured programs' }).getByRole('article').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'What families and schools say' }).getByRole('figure').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current offers' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText('KikStart Sports & Enrichment', { exact: true })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await expectNoHorizontalOverflow(page);
}

test.describe('landing page', () => {
  // Returning visitors: the first-visit demo modal has its own spec (demo-modal.spec.ts).
  test.beforeEach(async ({ page }) => {
    await skipFirstVisitDemo(page);
  });

  test('renders the seeded content with the spec theme', async ({ page, request, checkA11y, takeShot }) => {
    const landing = await (await request.get('/api/cms/landing-page')).json();
    const testimonials = await (await request.get('/api/testimonial/list')).json();
    const offers = await (await request.get('/api/offer/all-list')).json();
    const settings = await (await request.get('/api/cms/settings-data')).json();
    const featured = (await (await request.get('/api/programs/all-list?limit=3')).json()) as {
      data: { items: ProgramSummary[] };
    };

    await openLanding(page);
    await expect(page).toHaveTitle(`${HERO_TITLE} | KikStart`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', String(landing.data.description));

    // Hero: eyebrow, subtitle and both calls to action from the CMS.
    const hero = landing.data.data.hero;
    await expect(page.getByText(hero.subtitle)).toBeVisible();
    const primaryCta = page.getByRole('link', { name: hero.primaryCta });
    await expect(primaryCta).toBeVisible();
    // The secondary call to action opens the demo modal (spec §2).
    await expect(page.getByRole('main').getByRole('button', { name: hero.secondaryCta, exact: true })).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Request A Free Demo', exact: true }),
    ).toBeVisible();
    for (const stat of landing.data.data.stats) await expect(page.getByText(stat.label, { exact: true })).toBeVisible();
    for (const step of landing.data.data.steps)
      await expect(page.getByRole('heading', { name: step.title })).toBeVisible();

    // Theme: contained primary button is a pill in the palette's red; headings use Poppins, body Open Sans.
    const button = await primaryCta.evaluate((el) => {
      const s = getComputedStyle(el);
      return { bg: s.backgroundColor, color: s.color, radius: s.borderTopLeftRadius };
    });
    expect([PALETTE.brandRed, PALETTE.brandRedDark]).toContain(button.bg);
    expect(button.color).toBe('rgb(255, 255, 255)');
    expect(button.radius).toBe('50px');
    const h1 = await page.getByRole('heading', { level: 1 }).evaluate((el) => {
      const s = getComputedStyle(el);
      return { family: s.fontFamily, size: s.fontSize, weight: Number(s.fontWeight) };
    });
    expect(h1.family).toMatch(/^"?Poppins/);
    expect(h1.size).toBe('60px');
    expect(h1.weight).toBeGreaterThanOrEqual(600);
    const bodyFont = await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily);
    expect(bodyFont).toMatch(/^"?Open Sans/);
    expect(await page.evaluate(() => document.fonts.check('700 20px Poppins'))).toBe(true);
    // A face that comes late is not swapped in (no relayout, no shift as it arrives: issue 19).
    const displays = await page.evaluate(() => [...document.fonts].map((f) => f.display));
    expect(displays.length).toBeGreaterThanOrEqual(5);
    expect(new Set(displays)).toEqual(new Set(['optional']));

    // A featured program: the catalog's first open program, with its picture, class type and
    // location labels, schedule, dates, ages and price from cents.
    const program = featured.data.items[0]!;
    const card = page
      .getByRole('region', { name: 'Featured programs' })
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: program.title }) })
      .first();
    await expect(card).toBeVisible();
    await expect(card.getByText(program.summary)).toBeVisible();
    const classType = program.classType === 'enrichment' ? 'Enrichment' : 'After School';
    const location = program.locationType === 'at_my_school' ? 'At My School' : 'Public Class Near Me';
    await expect(card.getByText(classType, { exact: true })).toBeVisible();
    await expect(card.getByText(location, { exact: true })).toBeVisible();
    for (const text of [scheduleText(program), dateRangeText(program), audienceText(program), priceText(program)])
      await expect(card.getByText(text, { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: program.imageAlt!, exact: true })).toBeVisible();
    // A card: 8px radius with a shadow.
    const cardStyle = await card.evaluate((el) => ({
      radius: getComputedStyle(el).borderTopLeftRadius,
      shadow: getComputedStyle(el).boxShadow,
    }));
    expect(cardStyle.radius).toBe('8px');
    expect(cardStyle.shadow).not.toBe('none');

    // A testimonial and an offer.
    await expect(page.getByText(testimonials.data[0].quote, { exact: false })).toBeVisible();
    await expect(page.getByText(testimonials.data[0].authorName, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: offers.data[0].title })).toBeVisible();
    await expect(page.getByText(offers.data[0].description)).toBeVisible();

    // Footer from the settings content, with the policy links.
    const footer = page.getByRole('contentinfo');
    const s = settings.data.data;
    for (const text of [s.tagline, s.phone, s.email, s.address, s.hours])
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
    for (const social of s.social)
      await expect(footer.getByRole('link', { name: social.name })).toHaveAttribute('href', social.url);
    const policies: [string, string][] = [
      ['Privacy policy', '/privacy-policy'],
      ['Terms and conditions', '/terms-and-conditions'],
      ['Photo policy', '/photo-policy'],
      ['Anti-harassment policy', '/harassment-policy'],
    ];
    for (const [name, href] of policies) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    // Landmarks and the skip link.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    await takeShot('landing-1280-light');
    await checkA11y('landing (light)');
  });

  test('a featured program card opens that program’s page', async ({ page, request, takeShot }) => {
    const featured = (await (await request.get('/api/programs/all-list?limit=3')).json()) as {
      data: { items: ProgramSummary[] };
    };
    await openLanding(page);
    const section = page.getByRole('region', { name: 'Featured programs' });
    await expect(section.getByRole('article')).toHaveCount(featured.data.items.length);
    const program = featured.data.items[1]!;
    await section.getByRole('heading', { name: program.title }).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((img) => !img.loading || img.complete));
    await takeShot('landing-featured-1280', { fullPage: false });
    await section.getByRole('link', { name: new RegExp(program.title) }).click();
    await expect(page).toHaveURL(new RegExp(`/programs/${program.id}$`));
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: program.title })).toBeVisible();
  });

  test('dark mode toggles and persists across a reload', async ({ page, checkA11y, takeShot }) => {
    await openLanding(page);
    const bodyBg = () => page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bodyBg()).toBe('rgb(250, 250, 250)');

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expect.poll(bodyBg).toBe('rgb(18, 18, 18)');
    // Kept in the theme cookie (decision 0014), which a server renderer can read.
    expect((await page.context().cookies()).find((c) => c.name === 'theme')?.value).toBe('dark');

    await page.reload();
    await openLanding(page);
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(await bodyBg()).toBe('rgb(18, 18, 18)');
    await page.mouse.move(0, 0);
    await takeShot('landing-1280-dark');
    await checkA11y('landing (dark)');

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect.poll(bodyBg).toBe('rgb(250, 250, 250)');
  });

  test('small screens get the navigation in a drawer', async ({ page, checkA11y, takeShot }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openLanding(page);
    const h1Size = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontSize);
    expect(h1Size).toBe('30px');
    await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeHidden();
    await takeShot('landing-375-light');
    await takeShot('landing-375-top', { fullPage: false });
    await checkA11y('landing (375px)');

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const drawer = page.getByRole('presentation').getByRole('navigation', { name: 'Main' });
    await expect(drawer.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await takeShot('landing-375-drawer', { fullPage: false });
    await drawer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  });

  test('unknown paths show the 404 page', async ({ page, checkA11y, takeShot }) => {
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(200); // SPA fallback; the app renders the 404.
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | KikStart');
    await expect(page.getByText('/no-such-page/here')).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByText('KikStart Sports & Enrichment', { exact: true }),
    ).toBeVisible();
    await takeShot('not-found-1280');
    await checkA11y('404');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
  });
});
