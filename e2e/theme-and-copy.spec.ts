import type { Locator, Page } from '@playwright/test';
import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, newVerifiedParent, signIn, topShot } from './journeys.ts';

// With the motion everyone sees (the other specs run with reduced motion, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

// Issue 12, items 12, 19 and 20: focus is not red, guests are offered Sign up, the OS's dark
// preference is the default until the visitor picks, and the pick is kept in the theme cookie.

const BG = { light: 'rgb(250, 250, 250)', dark: 'rgb(18, 18, 18)' };
/** FOCUS in apps/web/src/theme/palette.ts. */
const FOCUS = { light: 'rgb(21, 101, 192)', dark: 'rgb(144, 202, 249)' };
/** error.main in the light theme. */
const ERROR_RED = 'rgb(198, 40, 40)'; // #C62828, the light theme's error.main
const YEAR_MS = 365 * 24 * 3600 * 1000;

const bodyBg = (page: Page) => page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
const themeCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'theme');

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured programs' }).getByRole('article').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

/** The outline border and the label of the outlined text field around `input`, as computed. */
function fieldColors(input: Locator) {
  return input.evaluate((el) => {
    const field = el.closest('.MuiFormControl-root')!;
    return {
      border: getComputedStyle(field.querySelector('.MuiOutlinedInput-notchedOutline')!).borderTopColor,
      label: getComputedStyle(field.querySelector('label')!).color,
    };
  });
}

test.describe('with a dark OS', () => {
  test.use({ colorScheme: 'dark' });

  test('a first visit renders dark; choosing light sets the theme cookie and a reload stays light', async ({
    page,
    checkA11y,
    takeShot,
  }) => {
    await skipFirstVisitDemo(page);
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await bodyBg(page)).toBe(BG.dark);
    expect(await themeCookie(page), 'no choice yet, so no cookie').toBeUndefined();
    await page.mouse.move(0, 0);
    await topShot(page, takeShot, 'theme-home-1280-dark', { fullPage: false });
    await checkA11y('home (dark from the OS)');

    const before = Date.now();
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect.poll(() => bodyBg(page)).toBe(BG.light);
    const cookie = await themeCookie(page);
    expect(cookie).toMatchObject({ value: 'light', path: '/', sameSite: 'Lax', httpOnly: false });
    expect(cookie!.expires * 1000).toBeGreaterThan(before + YEAR_MS - 24 * 3600 * 1000);
    expect(cookie!.expires * 1000).toBeLessThan(before + YEAR_MS + 24 * 3600 * 1000);

    await page.reload();
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await bodyBg(page)).toBe(BG.light);
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    await checkA11y('home (light, chosen over a dark OS)');

    // Choosing dark again is kept as well.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect.poll(() => bodyBg(page)).toBe(BG.dark);
    expect((await themeCookie(page))?.value).toBe('dark');
  });

  test('a light OS with a dark pick in the cookie renders dark', async ({ page, baseURL }) => {
    await skipFirstVisitDemo(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    await openHome(page);
    expect(await bodyBg(page)).toBe(BG.dark);
  });
});

test('a visitor whose system asks for less motion gets no transitions, and spinners still turn', async ({ page }) => {
  await skipFirstVisitDemo(page);
  await page.goto('/auth/login');
  const submit = page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' });
  /** The longest of the submit button's transition durations, in seconds. */
  const longestTransition = () =>
    submit.evaluate((el) => {
      const durations = getComputedStyle(el).transitionDuration.split(',');
      return Math.max(...durations.map((d) => parseFloat(d)));
    });
  const spinner = async () =>
    page.evaluate(() => {
      const el = document.createElement('span');
      el.className = 'MuiCircularProgress-root';
      document.body.append(el);
      const value = getComputedStyle(el).animationDuration;
      el.remove();
      return value;
    });

  expect(await longestTransition()).toBeGreaterThan(0.1);
  expect(await page.locator('html').evaluate((el) => getComputedStyle(el).scrollBehavior)).toBe('smooth');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await longestTransition()).toBeLessThan(0.001);
  expect(await page.locator('html').evaluate((el) => getComputedStyle(el).scrollBehavior)).toBe('auto');
  expect(await spinner()).not.toMatch(/^1e-05s$/);
});

test.describe('focus and errors', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`a focused field is outlined in the focus blue, not red (${mode})`, async ({ page, checkA11y, takeShot }) => {
      await skipFirstVisitDemo(page);
      await page.emulateMedia({ colorScheme: mode });
      await page.goto('/auth/login');
      const form = page.getByRole('form', { name: 'Sign in' });
      const email = form.getByLabel('Email');
      await email.focus();
      // Polled: the label's color eases in over 200 ms.
      await expect.poll(() => fieldColors(email)).toEqual({ border: FOCUS[mode], label: FOCUS[mode] });
      await takeShot(`theme-sign-in-focus-1280-${mode}`, { fullPage: false });
      await checkA11y(`sign in with a focused field (${mode})`);

      // Keyboard focus on a button: the ring is the focus color too.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { tag: el.tagName, color: getComputedStyle(el).outlineColor, style: getComputedStyle(el).outlineStyle };
      });
      expect(outline.style).toBe('solid');
      expect(outline.color).toBe(FOCUS[mode]);
    });
  }

  test('an invalid field stays red, focused or not', async ({ page }) => {
    await skipFirstVisitDemo(page);
    await page.goto('/auth/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByText('Email is required')).toBeVisible();
    const email = form.getByLabel('Email');
    await email.focus();
    await expect.poll(() => fieldColors(email)).toEqual({ border: ERROR_RED, label: ERROR_RED });
  });

  test('the date picker field takes the focus blue too', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Request A Free Demo' });
    await expect(dialog).toBeVisible();
    // A click into the field brings the picker's own field, focused (DateField's stand-in).
    await dialog.getByRole('textbox', { name: 'Preferred date' }).click();
    await expect(dialog.getByRole('spinbutton', { name: 'Month' })).toBeFocused();
    const border = await dialog
      .locator('.MuiPickersOutlinedInput-root.Mui-focused .MuiPickersOutlinedInput-notchedOutline')
      .evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(border).toBe(FOCUS.light);
  });
});

test.describe('header for guests', () => {
  for (const width of [1280, 375]) {
    for (const mode of ['light', 'dark'] as const) {
      test(`offers Sign in and Sign up at ${width} px (${mode})`, async ({ page, checkA11y, takeShot }) => {
        await skipFirstVisitDemo(page);
        await page.emulateMedia({ colorScheme: mode });
        await page.setViewportSize({ width, height: 812 });
        await openHome(page);
        const header = page.getByRole('banner');
        await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/auth/login');
        await expect(header.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute(
          'href',
          '/auth/signup',
        );
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'the header fits the screen').toBeLessThanOrEqual(0);
        // The hero's claims are the seeded, true ones.
        await expect(page.getByText('Weekend classes', { exact: false })).toBeVisible();
        await expect(page.getByText('partner schools', { exact: true })).toBeVisible();
        await page.mouse.move(0, 0);
        await topShot(page, takeShot, `theme-home-${width}-${mode}`, { fullPage: false });
        await takeShot(`theme-home-${width}-${mode}-full`);
        await checkA11y(`home for guests at ${width} px (${mode})`);

        await header.getByRole('link', { name: 'Sign up', exact: true }).click();
        await expect(page).toHaveURL(/\/auth\/signup$/);
        await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
      });
    }
  }
});

test.describe('signed-in pages in both themes', () => {
  test('initials avatars, dates and times read well at 375 and 1280 px', async ({
    page,
    request,
    checkA11y,
    takeShot,
  }) => {
    test.setTimeout(240_000);
    await skipFirstVisitDemo(page);
    const parent = await newVerifiedParent(request, 'Noor', 'Haddad');
    await addChildViaApi(request, parent.headers, { firstName: 'Lina', lastName: 'Haddad' });
    await signIn(page, parent.email, parent.password);
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 812 });
        await page.goto('/account/children');
        const avatar = page.getByRole('main').locator('.MuiAvatar-colorDefault').first();
        await expect(avatar).toHaveText('LH');
        await topShot(page, takeShot, `theme-children-${width}-${mode}`, { fullPage: false });
        await checkA11y(`children at ${width} px (${mode})`);
        await page.goto('/account/children');
        await page
          .getByRole('main')
          .getByRole('link', { name: /Lina Haddad/ })
          .click();
        await expect(page.getByRole('main').getByText('12 Apr 2018', { exact: false })).toBeVisible();
        await topShot(page, takeShot, `theme-child-${width}-${mode}`, { fullPage: false });
        await checkA11y(`child page at ${width} px (${mode})`);
      }
    }
  });
});
