import type { Page } from '@playwright/test';
import { test, expect, shot, skipFirstVisitDemo } from './fixtures.ts';
import { DEMO_PARENT, portraitPng, sessionToken, signIn } from './journeys.ts';

// Child photos and avatars are private: the API hands out signed links (GET /api/files/…),
// and the pages still show the pictures (child cards, child page, header, profile).

const SIGNED_LINK = /\/api\/files\/(children|avatars)\/[0-9a-f]{32}\.(png|jpg)\?expires=\d+&signature=[\w-]+$/;

/** The picture really rendered (an expired or refused link would leave the initials instead). */
async function expectLoaded(page: Page, selector: string) {
  const img = page.locator(selector).first();
  await expect(img).toHaveAttribute('src', SIGNED_LINK);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test('a child photo and an avatar show on every page, through signed links only', async ({ page }) => {
  await skipFirstVisitDemo(page);
  await signIn(page, DEMO_PARENT.email, DEMO_PARENT.password);
  const headers = { 'x-access-token': await sessionToken(page) };
  const children = (await (await page.request.get('/api/children/list', { headers })).json()).data as {
    id: string;
    firstName: string;
  }[];
  const child = children[0]!;

  const photo = await page.request.post('/api/children/photo', {
    headers,
    multipart: {
      childId: child.id,
      photo: {
        name: 'child.png',
        mimeType: 'image/png',
        buffer: await portraitPng(page, { background: '#0E7C86', figure: '#FFFFFF' }),
      },
    },
  });
  expect(photo.status()).toBe(200);
  const photoUrl = (await photo.json()).data.photoUrl as string;
  expect(photoUrl).toMatch(SIGNED_LINK);
  const avatar = await page.request.post('/api/user/profile-update', {
    headers,
    multipart: {
      avatar: {
        name: 'me.png',
        mimeType: 'image/png',
        buffer: await portraitPng(page, { background: '#C8161D', figure: '#FFFFFF' }),
      },
    },
  });
  expect(avatar.status()).toBe(200);

  // Without the signature nobody anonymous gets the picture, and /uploads never has it.
  const bare = photoUrl.split('?')[0]!;
  const anonymous = await page.context().browser()!.newContext();
  expect((await anonymous.request.get(new URL(bare, page.url()).toString())).status()).toBe(403);
  expect(
    (await anonymous.request.get(new URL(bare.replace('/api/files/', '/uploads/'), page.url()).toString())).status(),
  ).toBe(404);
  await anonymous.close();

  await page.goto('/account/children');
  await expectLoaded(page, 'main img[src*="/api/files/children/"]');
  await expectLoaded(page, 'header img[src*="/api/files/avatars/"]');

  await page.goto(`/account/children/${child.id}`);
  await expectLoaded(page, 'main img[src*="/api/files/children/"]');
  await shot(page, 'private-pictures-child-page', { fullPage: false });

  await page.goto('/account/profile');
  await expectLoaded(page, 'main img[src*="/api/files/avatars/"]');
  await expectLoaded(page, 'header img[src*="/api/files/avatars/"]');
  await shot(page, 'private-pictures-profile', { fullPage: false });
});
