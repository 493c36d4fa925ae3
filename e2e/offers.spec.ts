import { test, expect, skipFirstVisitDemo } from './fixtures.ts';

// The checkout's sibling percentage as seeded (packages/db/src/seed/payments-data.ts).
const SIBLING_PERCENT = 15;

test.describe('offers lead where they say (issue 12, item 7)', () => {
  test('the sibling discount leads to the catalog and explains the checkout rule; only the school offer opens the demo form', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    await skipFirstVisitDemo(page);
    await page.goto('/');
    const offers = page.getByRole('region', { name: 'Current offers' });
    const card = (title: string) =>
      offers.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    const sibling = card('Sibling discount');
    await sibling.scrollIntoViewIfNeeded();
    await expect(sibling).toBeVisible();
    // What the checkout does, in the card: same term, the percentage, nothing to type.
    await expect(sibling.getByText(/programs that run in the same term/)).toBeVisible();
    await expect(sibling.getByText(new RegExp(`every other child gets ${SIBLING_PERCENT}% off`))).toBeVisible();
    await expect(sibling.getByText(/no code needed/)).toBeVisible();
    await expect(sibling.getByRole('button', { name: /demo/i })).toHaveCount(0);
    // No promise the product cannot keep.
    await expect(offers.getByText('First class free')).toHaveCount(0);
    await expect(
      card('Full refund before the first session').getByRole('link', { name: /Browse programs/ }),
    ).toBeVisible();
    await checkA11y('home page offers');
    await takeShot('offers-1280', { fullPage: false });

    // The school offer still asks for a demo, with the offer attached.
    const school = card('School partnership launch');
    await school.getByRole('button', { name: /request a free demo/i }).click();
    const demo = page.getByRole('dialog', { name: 'Request A Free Demo' });
    await expect(demo.getByText('Offer: School partnership launch')).toBeVisible();
    await demo.getByRole('button', { name: 'Close the demo request' }).click();
    await expect(demo).toBeHidden();

    // The sibling offer: to the catalog, no school form on the way.
    await sibling.getByRole('link', { name: 'Browse programs: Sibling discount' }).click();
    await expect(page).toHaveURL(/\/programs$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(demo).toBeHidden();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await card('Sibling discount').scrollIntoViewIfNeeded();
    await expect(card('Sibling discount')).toBeVisible();
    await takeShot('offers-375', { fullPage: false });
  });
});
