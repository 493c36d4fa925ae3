import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ProgramDetails, ProgramSummary } from '@kikstart/contract/programs';
// The web app's own wording, so these checks follow the format wherever it is defined.
import { priceText, scheduleText } from '../apps/web/src/lib/format/program-text.ts';

// Decision 0027: public pages arrive as HTML with their content, then hydrate without asking the
// API again for what the HTML carried.

const HERO_TITLE = 'Sports and enrichment programs kids love';

/** A program of this spec's own, so its page shows exactly what this run made. */
async function ownProgram(request: APIRequestContext) {
  const title = `Server Rendered Soccer ${Date.now().toString(36).toUpperCase()}`;
  const made = await request.post('/api/e2e-fixtures/program', {
    data: { fromSlug: 'sunset-flag-football', title, capacity: 10 },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { id } = ((await made.json()) as { data: { id: string } }).data;
  const details = await (await request.get(`/api/programs/details?id=${id}`)).json();
  return (details as { data: ProgramDetails }).data;
}

async function firstCatalogPage(request: APIRequestContext) {
  const list = await (await request.get('/api/programs/all-list')).json();
  return (list as { data: { items: ProgramSummary[] } }).data.items;
}

/** The API reads a public page makes for its content (the profile and the like are not among them). */
const DATA_CALL = /\/api\/(cms\/|programs\/|testimonial\/|offer\/|bringKikStartToMySchool\/)/;

function recordDataCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (DATA_CALL.test(url.pathname)) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('home, catalog and a program page show their real content', async ({ page, request }) => {
    const program = await ownProgram(request);
    const catalog = await firstCatalogPage(request);
    expect(catalog.length).toBeGreaterThan(0);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HERO_TITLE })).toBeVisible();
    // A first visit's demo modal comes open with the page, but it could not be closed: not shown.
    await expect(page.getByRole('dialog')).toBeHidden();
    const featured = page.getByRole('region', { name: 'Featured programs' }).getByRole('article');
    await expect(featured.first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Current offers' }).getByRole('article').first()).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByText('KikStart Sports & Enrichment', { exact: true }),
    ).toBeVisible();

    await page.goto('/programs');
    await expect(page).toHaveTitle('Programs | KikStart');
    for (const item of catalog.slice(0, 3)) {
      const card = page.getByRole('article').filter({ hasText: item.title });
      await expect(card.first()).toBeVisible();
      await expect(card.first()).toContainText(priceText(item));
      await expect(card.first()).toContainText(scheduleText(item));
    }

    await page.goto(`/programs/${program.id}`);
    await expect(page.getByRole('heading', { level: 1, name: program.title })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(priceText(program));
    await expect(main).toContainText(scheduleText(program));
    await expect(main).toContainText(program.venue.name);
    // Its own head for sharing and search: title, canonical, Open Graph and schema.org data.
    await expect(page).toHaveTitle(`${program.title} | KikStart`);
    const canonical = new URL(`/programs/${program.id}`, page.url()).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${program.title} | KikStart`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'Course', name: program.title, url: canonical });
  });
});

test('hydration asks the API for nothing the HTML carried, and the page then works', async ({
  page,
  request,
  checkA11y,
  takeShot,
}) => {
  test.slow(); // three pages at two widths, each loaded fresh and checked with axe
  const program = await ownProgram(request);
  await skipFirstVisitDemo(page);
  const calls = recordDataCalls(page);

  for (const [name, path, heading] of [
    ['home', '/', HERO_TITLE],
    ['catalog', '/programs', 'Programs'],
    ['program', `/programs/${program.id}`, program.title],
  ] as const) {
    calls.length = 0;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await takeShot(`server-rendered-${name}-${width}`, { fullPage: false });
    }
    await checkA11y(`${name} (server-rendered)`);
    expect(calls, `${name}: data requested again after the HTML`).toEqual([]);
  }

  // Hydrated: the theme switch works and in-app navigation fetches what the next page needs.
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.getByRole('button', { name: /switch to (dark|light) mode/i }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(theme);
  await page.getByRole('link', { name: 'Programs', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
});

test("a page's code-split parts are linked for early download and hydrate with the page", async ({ page, request }) => {
  await skipFirstVisitDemo(page);
  // The contact page's parts: the content page, its lead form and the footer's newsletter form
  // (apps/web/src/lib/lazy-part.tsx).
  const html = await (await request.get('/contact-us', { headers: { cookie: 'kikstart_first_time=false' } })).text();
  const state = JSON.parse(
    html.match(/<script type="application\/json" id="kikstart-state">([\s\S]*?)<\/script>/)![1]!,
  );
  expect(state.parts).toEqual([
    'src/features/content/content-page.tsx',
    'src/features/leads/components/enquiry-form.tsx',
    'src/features/leads/components/newsletter-signup.tsx',
  ]);
  // Named for download once the page has loaded (main.tsx fetches them then), not linked in the HTML.
  const files = JSON.parse(
    html.match(/<script type="application\/json" id="kikstart-app-files">([\s\S]*?)<\/script>/)![1]!,
  ) as string[];
  for (const chunk of ['boot', 'content-page', 'enquiry-form', 'newsletter-signup'])
    expect(
      files.some((f) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(f)),
      chunk,
    ).toBe(true);
  expect(html).not.toMatch(/<link rel="modulepreload"[^>]*content-page/);

  // Hydrated as one: when the page says it is ready, the form's button already sends the form.
  await page.goto('/contact-us');
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"], link[rel="modulepreload"]')].map(
      (l) => new URL(l.href).pathname,
    ),
  );
  for (const file of files) expect(linked).toContain(file);
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form.getByRole('button', { name: 'Send message' })).toHaveAttribute('type', 'submit');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
});

test('hydration makes no style the HTML already carried', async ({ page, request }) => {
  // The server's bundle is a production one: a development build names each style after its
  // component (css-1g10xvf-MuiPaper-root…), the browser's build does not (css-1gefn7g), and the
  // browser then made every style of the page again while hydrating.
  const html = await (await request.get('/about-us')).text();
  expect(html).toMatch(/class="[^"]*\bcss-[a-z0-9]+"/);
  expect(html).not.toMatch(/\bcss-[a-z0-9]+-Mui/);

  await skipFirstVisitDemo(page);
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { madeStyles: string[] }).madeStyles = made;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      made.push(...(rule.match(/\.css-[a-z0-9]+/g) ?? []).map((c) => c.slice(5)));
      return insertRule.call(this, rule, index);
    };
  });
  await page.goto('/about-us', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { made, sent } = await page.evaluate(() => ({
    made: (window as unknown as { madeStyles: string[] }).madeStyles,
    sent: [...document.querySelectorAll('style[data-emotion^="css "]')].flatMap((s) =>
      s.getAttribute('data-emotion')!.split(' ').slice(1),
    ),
  }));
  // Sent: the styles on the page's elements and those composed into them (server-styles.ts).
  expect(sent.length).toBeGreaterThan(50);
  expect(made.filter((id) => sent.includes(id))).toEqual([]);
  // What the browser made is the footer's newsletter form, rendered only there, after hydration
  // (14 styles when written). Every server-rendered element's style made again would be well
  // over a hundred more.
  expect(new Set(made).size).toBeLessThan(30);
});

test("the first screen's picture is linked at the top of the page, the same address as its <img>", async ({
  request,
}) => {
  const program = await ownProgram(request);
  for (const path of [`/programs/${program.id}`, '/programs']) {
    const html = await (await request.get(path)).text();
    const preload = html.match(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" \/>/);
    expect(preload, path).not.toBeNull();
    // Before the page's inline styles and data, and the picture the page shows first.
    expect(html.indexOf(preload![0])).toBeLessThan(html.indexOf('<style'));
    const firstImg = html.match(/<img [^>]*src="([^"]+)"[^>]*fetchpriority="high"/i);
    expect(firstImg?.[1]?.replace(/&amp;/g, '&'), path).toBe(preload![1]!.replace(/&amp;/g, '&'));
  }
  // Pages without a first-screen picture link none.
  expect(await (await request.get('/about-us')).text()).not.toMatch(
    /<link rel="preload" as="image" fetchpriority="high"/,
  );
});
