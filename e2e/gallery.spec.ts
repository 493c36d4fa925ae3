import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, expectNoA11yViolations, shot, skipFirstVisitDemo } from './fixtures.ts';
import { addChildViaApi, newVerifiedParent, signIn, topShot } from './journeys.ts';
import { toastArea } from './toasts.ts';

/**
 * Issue 18: the demo coach uploads a session's photos on a phone and tags the children; one
 * family sees, keeps and downloads them as a zip; a family of another program never sees them;
 * a photo showing a child whose consent becomes No disappears from the other family's gallery.
 */
const DEMO_COACH = { email: 'coach@kikstart.example', password: 'Coach-demo-2026' };
const runTag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

test.use({ viewport: { width: 375, height: 812 } });

type ListAnswer = { data: { items: { id: string; kept: boolean }[]; keptCount: number } };
const galleryOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  ((await (await request.get('/api/gallary/image-list', { headers })).json()) as ListAnswer).data;

/** A JPEG drawn in the browser: a coloured field with a ball, like a class photo. */
async function classPhoto(page: Page, colour: string) {
  const dataUrl = await page.evaluate((background) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(320, 300, 60, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/jpeg', 0.9);
  }, colour);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The names of the entries of a zip, from its central directory. */
function zipNames(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

async function parentPage(browser: Browser, parent: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await skipFirstVisitDemo(page);
  await signIn(page, parent.email, parent.password);
  return page;
}

test('a coach shares tagged photos; families see what consent allows, keep and download them', async ({
  page,
  browser,
  request,
  checkA11y,
  takeShot,
}) => {
  test.setTimeout(150_000);
  const tag = runTag();
  const ana = await newVerifiedParent(request, 'Ana', `Reyes${tag}`);
  const ben = await newVerifiedParent(request, 'Ben', `Okafor${tag}`);
  const cleo = await newVerifiedParent(request, 'Cleo', `Park${tag}`);
  const lena = await addChildViaApi(request, ana.headers, { firstName: 'Lena', lastName: `Reyes ${tag}` });
  const omar = await addChildViaApi(request, ben.headers, { firstName: 'Omar', lastName: `Okafor ${tag}` });
  await addChildViaApi(request, cleo.headers, { firstName: 'Iris', lastName: `Park ${tag}` });
  const fixture = await request.post('/api/e2e-fixtures/gallery-session', {
    data: { title: `Photo Soccer ${tag}`, childIds: [lena, omar] },
  });
  expect(fixture.status(), await fixture.text()).toBe(200);
  const session = ((await fixture.json()) as { data: { programId: string; title: string; date: string } }).data;

  // The coach, on a phone: the session's Photos tab.
  await skipFirstVisitDemo(page);
  await signIn(page, DEMO_COACH.email, DEMO_COACH.password);
  await page.goto(`/coach/programs/${session.programId}/sessions/${session.date}`);
  await page.getByRole('tab', { name: 'Photos' }).click();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByText('No photos of this session yet.')).toBeVisible();
  await checkA11y('session photos, empty, at 375 px');

  await page.getByTestId('gallery-upload-input').setInputFiles([
    { name: 'warm-up.jpg', mimeType: 'image/jpeg', buffer: await classPhoto(page, '#2e7d32') },
    { name: 'goal.jpg', mimeType: 'image/jpeg', buffer: await classPhoto(page, '#1565c0') },
  ]);
  await expect(toastArea(page).getByText('2 photos uploaded')).toBeVisible();
  const cards = page.getByRole('region', { name: /^Photo \d$/ });
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByText('Staff only')).toBeVisible();

  // Photo 1: Lena and Omar. Ticking Theo (consent No) warns; he is not in it after all.
  const first = page.getByRole('region', { name: 'Photo 1' });
  const theo = first.getByRole('checkbox', { name: /^Theo .*\(photo consent: No\)$/ });
  await theo.check();
  await expect(first.getByText(/shown only to their own family/)).toBeVisible();
  await checkA11y('tagging with the no-consent warning at 375 px');
  await topShot(page, takeShot, 'gallery-staff-375');
  await theo.uncheck();
  await expect(first.getByText(/shown only to their own family/)).toBeHidden();
  await first.getByRole('checkbox', { name: `Lena Reyes ${tag}` }).check();
  await first.getByRole('checkbox', { name: `Omar Okafor ${tag}` }).check();
  await first.getByRole('checkbox', { name: 'Every child in this photo is tagged' }).check();
  await first.getByRole('button', { name: 'Save tags' }).click();
  await expect(toastArea(page).getByText('Tags saved; families can now see this photo')).toBeVisible();
  await expect(first.getByText('Shared with families')).toBeVisible();
  // Photo 2: Lena only.
  const second = page.getByRole('region', { name: 'Photo 2' });
  await second.getByRole('checkbox', { name: `Lena Reyes ${tag}` }).check();
  await second.getByRole('checkbox', { name: 'Every child in this photo is tagged' }).check();
  await second.getByRole('button', { name: 'Save tags' }).click();
  await expect(second.getByText('Shared with families')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkA11y('session photos at 1280 px');
  await topShot(page, takeShot, 'gallery-staff-1280');

  // Ana: the gallery from the account menu; the lightbox by keyboard; keep both; download the zip.
  const anaPage = await parentPage(browser, ana);
  await anaPage.getByRole('button', { name: /^Account menu for/ }).click();
  await anaPage.getByRole('menuitem', { name: 'Gallery' }).click();
  await expect(anaPage.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  const tiles = anaPage.getByRole('list', { name: 'Photos' }).getByRole('button');
  await expect(tiles).toHaveCount(2);
  const overflow = await anaPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the gallery is wider than the phone').toBeLessThanOrEqual(0);
  await expect(anaPage.getByRole('combobox', { name: 'Program' })).toHaveText('All programs');
  await expectNoA11yViolations(anaPage, 'gallery at 375 px');
  await shot(anaPage, 'gallery-375');
  await tiles.first().focus();
  await anaPage.keyboard.press('Enter');
  const lightbox = anaPage.getByRole('dialog');
  await expect(lightbox.getByText(/1 of 2/)).toBeVisible();
  await anaPage.keyboard.press('ArrowRight');
  await expect(lightbox.getByText(/2 of 2/)).toBeVisible();
  await expect(lightbox.getByRole('img')).toHaveJSProperty('complete', true);
  await expectNoA11yViolations(anaPage, 'lightbox at 375 px');
  await shot(anaPage, 'gallery-lightbox-375', { fullPage: false });
  await anaPage.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  await anaPage.getByRole('button', { name: 'Select photos' }).click();
  await tiles.nth(0).click();
  await tiles.nth(1).click();
  await expect(tiles.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await anaPage.getByRole('button', { name: 'Keep 2 selected' }).click();
  await expect(toastArea(anaPage).getByText('2 photos kept')).toBeVisible();
  expect((await galleryOf(request, ana.headers)).keptCount).toBe(2);
  const downloading = anaPage.waitForEvent('download');
  await anaPage.getByRole('link', { name: 'Download kept photos (2)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kikstart-photos-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = Buffer.from(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c)));
  expect(zipNames(zip)).toHaveLength(2);
  await anaPage.setViewportSize({ width: 1280, height: 900 });
  await expectNoA11yViolations(anaPage, 'gallery at 1280 px');
  await shot(anaPage, 'gallery-1280');
  // The dark theme (the OS decides until the visitor picks).
  await anaPage.emulateMedia({ colorScheme: 'dark' });
  await expect(anaPage.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  await expectNoA11yViolations(anaPage, 'gallery in the dark theme at 1280 px');
  await shot(anaPage, 'gallery-dark-1280');

  // Cleo's child is in another program: an empty gallery that says what to do next.
  const cleoPage = await parentPage(browser, cleo);
  await cleoPage.goto('/account/gallery');
  await expect(cleoPage.getByRole('heading', { name: 'No photos yet' })).toBeVisible();
  await expectNoA11yViolations(cleoPage, 'empty gallery at 375 px');
  await shot(cleoPage, 'gallery-empty-375');
  expect((await galleryOf(request, cleo.headers)).items).toEqual([]);

  // Ben changes Omar's photo consent to No: photo 1 leaves Ana's gallery, stays in Ben's.
  const omarNow = (
    (await (await request.get('/api/children/list', { headers: ben.headers })).json()) as {
      data: Record<string, unknown>[];
    }
  ).data.find((c) => c.id === omar)!;
  const update = await request.post('/api/children/update', {
    headers: ben.headers,
    data: {
      id: omar,
      firstName: omarNow.firstName,
      lastName: omarNow.lastName,
      dateOfBirth: omarNow.dateOfBirth,
      grade: omarNow.grade,
      schoolName: omarNow.schoolName,
      allergies: 2,
      medicalNotes: '',
      emergencyContacts: omarNow.emergencyContacts,
      pickupPeople: [],
      photoConsent: 2,
    },
  });
  expect(update.status(), await update.text()).toBe(200);
  await anaPage.reload();
  await expect(tiles).toHaveCount(1);
  expect((await galleryOf(request, ana.headers)).keptCount).toBe(1);
  expect((await galleryOf(request, ben.headers)).items).toHaveLength(2);
  await anaPage.context().close();
  await cleoPage.context().close();
});
