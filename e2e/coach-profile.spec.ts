import { test, expect, skipFirstVisitDemo } from './fixtures.ts';
import { portraitPng, signIn, topShot } from './journeys.ts';
import { toastArea } from './toasts.ts';

/**
 * Issue 16: the coach edits their own profile (photo, bio, credentials) on a phone, and families
 * see it on the page of a program they coach.
 */
const DEMO_COACH = { email: 'coach@kikstart.example', password: 'Coach-demo-2026' };

test.use({ viewport: { width: 375, height: 812 } });

test('the demo coach edits their bio, credentials and photo and sees them on a program page', async ({
  page,
  checkA11y,
  takeShot,
}) => {
  const tag = `${Date.now().toString(36)}`.toUpperCase();
  const bio = `Nine seasons coaching youth soccer in San Francisco; every player gets the ball (${tag}).`;
  await skipFirstVisitDemo(page);
  await signIn(page, DEMO_COACH.email, DEMO_COACH.password);

  // From the portal, and from the account menu.
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole('link', { name: 'My coach profile' })).toBeVisible();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Coach profile' }).click();
  await expect(page).toHaveURL(/\/coach\/profile$/);
  const form = page.getByRole('form', { name: 'Photo, bio and credentials' });
  await expect(form.getByLabel('Bio')).toBeVisible();

  // A credential over the contract's limit is refused under the field, nothing sent.
  const credentials = form.getByLabel('Credentials');
  await form.getByLabel('Bio').fill(bio);
  await credentials.fill(`USSF Grassroots License\n${'x'.repeat(121)}`);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('Credential 2: Must be at most 120 characters')).toBeVisible();
  await credentials.fill(`USSF Grassroots License\n\nCPR and First Aid ${tag}\n`);

  // A photo, previewed before it is saved.
  await form.locator('input[type="file"]').setInputFiles({
    name: 'jordan.png',
    mimeType: 'image/png',
    buffer: await portraitPng(page, { background: '#0f766e', figure: '#fde68a' }),
  });
  await expect(form.getByRole('img', { name: 'Preview of your new photo' })).toBeVisible();
  await expect(form.getByText('Selected: jordan.png.', { exact: false })).toBeVisible();
  await checkA11y('coach profile form at 375 px');
  await topShot(page, takeShot, 'coach-profile-375');

  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(toastArea(page).getByText('Profile saved')).toBeVisible();
  const photo = form.getByRole('img', { name: 'Your photo' });
  await expect(photo).toHaveAttribute('src', /\/uploads\/coaches\/[0-9a-f]{32}\.(png|jpg)$/);
  const photoSrc = (await photo.getAttribute('src'))!;
  // Blank lines dropped, each line trimmed: what was stored.
  await expect(credentials).toHaveValue(`USSF Grassroots License\nCPR and First Aid ${tag}`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await checkA11y('coach profile at 1280 px');
  await topShot(page, takeShot, 'coach-profile-1280');
  await page.setViewportSize({ width: 375, height: 812 });

  // On the public page of a program this coach runs.
  const shownOn = page.getByRole('region', { name: 'Where families see it' });
  const programLink = shownOn.getByRole('link').first();
  const title = (await programLink.textContent())!;
  await programLink.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(bio)).toBeVisible();
  await expect(page.getByText(`USSF Grassroots License · CPR and First Aid ${tag}`)).toBeVisible();
  await expect(page.locator(`img[src="${photoSrc}"]`)).toBeVisible();
  await checkA11y('program page with the coach profile at 375 px');
});
