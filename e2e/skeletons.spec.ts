import type { Page } from '@playwright/test';
import { test, expect, shot, skipFirstVisitDemo } from './fixtures.ts';
import {
  addChildViaApi,
  enrollViaApi,
  layoutShift,
  newVerifiedParent,
  programIdByTitle,
  signIn,
  watchLayoutShifts,
} from './journeys.ts';

// Issue 12, item 14: on a slow link a program click showed nothing for seconds and /account was
// mostly empty. Pages that load data now show skeletons shaped like their content, at its size, so
// nothing jumps when the data arrives. Measured here with the API held back by page.route: the
// skeleton stands where the data will be, and the layout shift (CLS, summed over every shift the
// browser reports) stays under 0.1, the "good" threshold of Core Web Vitals.

const main = (page: Page) => page.getByRole('main');

/**
 * Holds back the API calls matching `pattern` until the returned function is called, as a slow
 * link would: the page shows what it shows while waiting, for as long as the test looks.
 */
async function holdApi(page: Page, pattern: string) {
  let open = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (!open) await released;
    // A request the page gave up on meanwhile (it navigated away) has nothing left to continue.
    await route.continue().catch(() => undefined);
  });
  return () => {
    open = true;
    release();
  };
}

test('the dashboard and program details show skeletons in place while loading, and nothing shifts', async ({
  page,
  request,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const family = await newVerifiedParent(request, 'Hana', 'Ito');
  const kenjiId = await addChildViaApi(request, family.headers, { firstName: 'Kenji', lastName: 'Ito' });
  await addChildViaApi(request, family.headers, { firstName: 'Yumi', lastName: 'Ito' });
  const soccer = await programIdByTitle(request, 'Lincoln', 'Soccer Stars');
  await enrollViaApi(request, family.headers, kenjiId, soccer, 'Hana Ito');
  await skipFirstVisitDemo(page);
  await signIn(page, family.email, family.password);
  await watchLayoutShifts(page);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    // The dashboard, reloaded with its data held back.
    const releaseDashboard = await holdApi(page, '**/api/{enrollments,children}/list**');
    await page.goto('/account');
    await expect(page.getByTestId('dashboard-skeleton')).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, `skeleton-dashboard-${width}`, { fullPage: false });
    await checkA11y(`dashboard skeleton at ${width}`);
    releaseDashboard();
    await expect(main(page).getByRole('article', { name: 'Soccer Stars for Kenji Ito' })).toBeVisible();
    await expect(page.getByTestId('dashboard-skeleton')).toBeHidden();
    await page.waitForTimeout(300);
    await shot(page, `skeleton-dashboard-loaded-${width}`, { fullPage: false });
    const dashboardShift = await layoutShift(page);
    expect(dashboardShift, `dashboard layout shift at ${width}`).toBeLessThan(0.1);

    // A program's details, reached in the app with the details call held back (opened directly,
    // the page arrives server-rendered with its data: decision 0027).
    const releaseDetails = await holdApi(page, '**/api/programs/details**');
    await page.evaluate(
      (path) => window.dispatchEvent(new CustomEvent('kikstart:route-push', { detail: { path } })),
      `/programs/${soccer}`,
    );
    await expect(page.getByTestId('program-details-skeleton')).toBeVisible();
    await shot(page, `skeleton-program-details-${width}`, { fullPage: false });
    await checkA11y(`program details skeleton at ${width}`);
    releaseDetails();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Soccer Stars' })).toBeVisible();
    await page.waitForTimeout(300);
    await shot(page, `skeleton-program-details-loaded-${width}`, { fullPage: false });
    const detailsShift = await layoutShift(page);
    expect(detailsShift, `program details layout shift at ${width}`).toBeLessThan(0.1);
    console.log(
      `layout shift at ${width}px: dashboard ${dashboardShift.toFixed(4)}, details ${detailsShift.toFixed(4)}`,
    );
  }
});

test('every account page that loads data shows its skeleton where the data goes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const family = await newVerifiedParent(request, 'Omar', 'Haddad');
  const childId = await addChildViaApi(request, family.headers, { firstName: 'Lina', lastName: 'Haddad' });
  await enrollViaApi(
    request,
    family.headers,
    childId,
    await programIdByTitle(request, 'Lincoln', 'Soccer Stars'),
    'Omar Haddad',
  );
  await skipFirstVisitDemo(page);
  await signIn(page, family.email, family.password);
  await watchLayoutShifts(page);

  const pages: { name: string; path: string; api: string; skeleton: string; loaded: (p: Page) => Promise<void> }[] = [
    {
      name: 'enrollments',
      path: '/account/enrollments',
      api: '**/api/enrollments/list**',
      skeleton: 'enrollment-skeleton',
      loaded: (p) => expect(main(p).getByRole('article', { name: /Soccer Stars for Lina Haddad/ })).toBeVisible(),
    },
    {
      name: 'children',
      path: '/account/children',
      api: '**/api/children/list**',
      skeleton: 'child-cards-skeleton',
      loaded: (p) => expect(main(p).getByRole('heading', { name: 'Lina Haddad' })).toBeVisible(),
    },
    {
      name: 'child',
      path: `/account/children/${childId}`,
      api: '**/api/children/{list,program-list}**',
      skeleton: 'child-skeleton',
      loaded: (p) => expect(main(p).getByRole('heading', { level: 1, name: 'Lina Haddad' })).toBeVisible(),
    },
    {
      name: 'family',
      path: '/account/family',
      api: '**/api/family/guardians**',
      skeleton: 'guardians-skeleton',
      loaded: (p) => expect(main(p).getByText('Omar Haddad')).toBeVisible(),
    },
    {
      name: 'checkout',
      path: '/account/checkout',
      api: '**/api/enrollments/list**',
      skeleton: 'basket-skeleton',
      loaded: (p) => expect(main(p).getByRole('checkbox', { name: /Lina Haddad · Soccer Stars/ })).toBeChecked(),
    },
  ];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const p of pages) {
      const release = await holdApi(page, p.api);
      await page.goto(p.path);
      await expect(page.getByTestId(p.skeleton).first()).toBeVisible();
      await shot(page, `skeleton-${p.name}-${width}`, { fullPage: false });
      release();
      await p.loaded(page);
      await page.waitForTimeout(200);
      await shot(page, `skeleton-${p.name}-loaded-${width}`, { fullPage: false });
      const shift = await layoutShift(page);
      console.log(`layout shift on ${p.name} at ${width}px: ${shift.toFixed(4)}`);
      expect(shift, `${p.name} layout shift at ${width}`).toBeLessThan(0.1);
    }
  }
});
