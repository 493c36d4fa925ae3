import type { Locator, Page } from '@playwright/test';
import type { ProgramDetails, ProgramSummary } from '@kikstart/contract/programs';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { layoutShift, topShot, watchLayoutShifts } from './journeys.ts';

const main = (page: Page) => page.getByRole('main');
/** A 375 px wide phone (iPhone mini class); SMALL_PHONE is the shortest in use (iPhone SE). */
const PHONE = { width: 375, height: 812 };
const SMALL_PHONE = { width: 375, height: 667 };

/** Every picture on screen has arrived (lazy ones further down load when scrolled near). */
const imagesLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.images]
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
      })
      .every((img) => img.complete && img.naturalWidth > 0),
  );

/** A program picture: alt text, width/height attributes, and a 16:9 box that holds its size. */
async function expectFixedImage(card: Locator, alt: string) {
  const img = card.getByRole('img', { name: alt, exact: true });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('width', '320');
  await expect(img).toHaveAttribute('height', '180');
  const box = await card.getByTestId('program-image-box').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height, aspect: getComputedStyle(el).aspectRatio };
  });
  expect(box.aspect).toBe('16 / 9');
  expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(1.5);
}

async function apiPrograms(page: Page) {
  const res = await page.request.get('/api/programs/all-list', { params: { limit: 12 } });
  return ((await res.json()) as { data: { items: ProgramSummary[] } }).data.items;
}

test.describe('program pictures, venue and mobile layout', () => {
  test.beforeEach(async ({ page }) => {
    await skipFirstVisitDemo(page);
  });

  test('catalog cards show each program picture with alt text in a fixed box, without layout shift', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    await watchLayoutShifts(page);
    await page.goto('/programs');
    const cards = main(page).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await imagesLoaded(page);
    await page.waitForTimeout(500);
    const cls = await layoutShift(page);
    test.info().annotations.push({ type: 'CLS catalog 1280', description: cls.toFixed(4) });
    expect(cls, 'cumulative layout shift on the catalog').toBeLessThan(0.1);

    const programs = await apiPrograms(page);
    await expect(cards).toHaveCount(programs.length);
    for (const p of programs) {
      expect(p.imageUrl, p.title).toBeTruthy();
      const card = cards.filter({ has: page.getByRole('heading', { name: p.title, exact: true }) }).first();
      await card.scrollIntoViewIfNeeded();
      await expectFixedImage(card, p.imageAlt!);
    }
    await imagesLoaded(page);
    await topShot(page, takeShot, 'catalog-pictures-1280');
    await checkA11y('catalog with pictures');
  });

  test('program details show the picture, the venue address and a map link, without layout shift', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    const [program] = (await apiPrograms(page)).filter((p) => p.locationType === 'public_class');
    const details = (
      (await (await page.request.get('/api/programs/details', { params: { id: program!.id } })).json()) as {
        data: ProgramDetails;
      }
    ).data;
    await watchLayoutShifts(page);
    await page.goto(`/programs/${program!.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: details.title })).toBeVisible();
    await imagesLoaded(page);
    await page.waitForTimeout(500);
    const cls = await layoutShift(page);
    test.info().annotations.push({ type: 'CLS details 1280', description: cls.toFixed(4) });
    expect(cls, 'cumulative layout shift on program details').toBeLessThan(0.1);

    await expectFixedImage(main(page), details.imageAlt!);
    const facts = main(page).getByRole('complementary', { name: 'Program facts' });
    await expect(facts.getByText(details.venue.name, { exact: true })).toBeVisible();
    await expect(facts.getByText(details.venue.address, { exact: true })).toBeVisible();
    const map = facts.getByRole('link', { name: 'Open in Google Maps (opens in a new tab)' });
    await expect(map).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(details.venue.address)}`,
    );
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', /noopener/);
    // Desktop keeps Enroll in the facts panel; the small screens' bar is not shown.
    await expect(main(page).getByRole('region', { name: 'Price and enrollment' })).toBeHidden();
    await topShot(page, takeShot, 'details-pictures-1280');
    await checkA11y('program details with picture and venue');
  });

  test('at 375 px the first result is on the first screen, and the Filters button counts what is set', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    await page.setViewportSize(PHONE);
    await watchLayoutShifts(page);
    await page.goto('/programs');
    const firstCard = main(page).getByRole('article').first();
    await expect(firstCard).toBeVisible();
    await imagesLoaded(page);
    await page.waitForTimeout(500);
    const cls = await layoutShift(page);
    test.info().annotations.push({ type: 'CLS catalog 375', description: cls.toFixed(4) });
    expect(cls, 'cumulative layout shift on the catalog at 375 px').toBeLessThan(0.1);

    // Filters folded: the selects are hidden, the search stays; the first card and its picture show.
    await expect(main(page).getByRole('combobox', { name: 'Class type' })).toBeHidden();
    await expect(main(page).getByRole('searchbox', { name: 'School Name' })).toBeVisible();
    const picture = await firstCard.getByTestId('program-image-box').boundingBox();
    expect(picture!.y + picture!.height, 'the first card’s picture is on the first screen').toBeLessThanOrEqual(
      PHONE.height,
    );
    await takeShot('catalog-375-first-screen', { fullPage: false });
    // On the shortest phone the first card still starts on the first screen, its picture half in view.
    await page.setViewportSize(SMALL_PHONE);
    const onSmall = await firstCard.getByTestId('program-image-box').boundingBox();
    expect(onSmall!.y + onSmall!.height / 2).toBeLessThanOrEqual(SMALL_PHONE.height);
    await page.setViewportSize(PHONE);

    const filtersButton = main(page).getByRole('button', { name: 'Filters', exact: true });
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
    await filtersButton.click();
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
    await main(page).getByRole('combobox', { name: 'Weekday' }).click();
    await page.getByRole('option', { name: 'Saturday' }).click();
    await expect(page).toHaveURL(/[?&]weekday=6/);
    const counted = main(page).getByRole('button', { name: 'Filters, 1 active' });
    await expect(counted).toBeVisible();
    await expect(counted).toContainText('1');
    await main(page).getByRole('combobox', { name: 'Class type' }).click();
    await page.getByRole('option', { name: 'After School' }).click();
    await expect(main(page).getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
    await takeShot('catalog-375-filters-open', { fullPage: false });
    await checkA11y('catalog at 375 with filters open');

    // A reload keeps the filters (URL) and folds them again, with the count on the button.
    await page.reload();
    await expect(main(page).getByRole('button', { name: 'Filters, 2 active' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(main(page).getByRole('combobox', { name: 'Weekday' })).toBeHidden();
  });

  test('at 375 px program details keep price and Enroll in a bar at the bottom, above the footer at the end', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    await page.setViewportSize(PHONE);
    const [program] = await apiPrograms(page);
    await watchLayoutShifts(page);
    await page.goto(`/programs/${program!.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: program!.title })).toBeVisible();
    const bar = main(page).getByRole('region', { name: 'Price and enrollment' });
    await expect(bar).toBeInViewport();
    await expect(bar.getByText(`$${program!.priceCents / 100}`)).toBeVisible();
    const enroll = bar.getByRole('link', { name: program!.seatsLeft > 0 ? 'Enroll' : 'Join the waitlist' });
    await expect(enroll).toBeInViewport();
    const barBox = await bar.boundingBox();
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(PHONE.height + 0.5);
    await imagesLoaded(page);
    await page.waitForTimeout(500);
    const cls = await layoutShift(page);
    test.info().annotations.push({ type: 'CLS details 375', description: cls.toFixed(4) });
    expect(cls, 'cumulative layout shift on details at 375 px').toBeLessThan(0.1);
    await takeShot('details-375-first-screen', { fullPage: false });
    await checkA11y('program details at 375');

    // At the end of the page the bar rests above the footer, covering none of it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    const [restingBar, footerBox] = [await bar.boundingBox(), await footer.boundingBox()];
    expect(restingBar!.y + restingBar!.height).toBeLessThanOrEqual(footerBox!.y + 0.5);
    await takeShot('details-375-page-end', { fullPage: false });
    await enroll.click();
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fprograms%2F/);
  });
});
