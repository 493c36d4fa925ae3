import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../../test/test-app.ts';
import { demoSession } from '../../test/user-fixtures.ts';
import { onPostgres } from '../../test/on-postgres.ts';

/**
 * The page cache with the web app's own server bundle, when it has been built (`npm run build -w
 * @kikstart/web`; CI runs the API tests before the build, so there it is skipped): the variants
 * the real renderer makes (theme, the first visit's modal) each get their own kept page.
 */
const WEB_DIST = join(import.meta.dirname, '../../../web/dist');
const ENTRY = join(WEB_DIST, '../dist-server/entry-server.js');
const built = existsSync(ENTRY) && readFileSync(ENTRY, 'utf8').includes('cacheVariant');

describe.runIf(built)('kept pages, rendered by the web build', () => {
  const t = useTestApp({ WEB_DIST_DIR: WEB_DIST });
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  const timing = (res: LightMyRequestResponse) => String(res.headers['server-timing']);

  it("a first visit's page (the demo modal open) and a returning visitor's are kept apart", async () => {
    const first = await get('/', '');
    const firstAgain = await get('/', '');
    expect(timing(firstAgain)).toBe('cache;desc=hit');
    expect(firstAgain.body).toBe(first.body);
    expect(first.body).toContain('kikstart-demo-in-page');
    // Every first visit's answer records that the modal opened by itself, kept or not.
    expect(firstAgain.headers['set-cookie']).toContain('kikstart_demo_shown=1');
    const returning = await get('/', 'kikstart_first_time=false');
    const returningAgain = await get('/', 'kikstart_first_time=false');
    expect(timing(returningAgain)).toBe('cache;desc=hit');
    expect(returningAgain.body).toBe(returning.body);
    expect(returningAgain.body).not.toContain('kikstart-demo-in-page');
    expect(returningAgain.headers['set-cookie']).toBeUndefined();
  });

  it('dark and light pages are kept apart', async () => {
    for (let round = 0; round < 2; round++) {
      for (const mode of ['dark', 'light']) {
        const res = await get('/programs', `kikstart_first_time=false; theme=${mode}`);
        expect(res.body).toContain(`<html lang="en" data-theme="${mode}"`);
        if (round === 1) expect(timing(res)).toBe('cache;desc=hit');
      }
    }
  });

  it('a signed-in visitor gets the client-rendered page, never a kept one', async () => {
    await get('/faq', 'kikstart_first_time=false');
    const res = await get('/faq', 'kikstart_first_time=false; kikstart_token=abc');
    // The shell: the header's bar and logo (index.html), until the app draws the page.
    expect(res.body).toContain('<div id="root"><!--ssr-body--><!--client-shell-->');
    expect(res.headers['server-timing']).toBeUndefined();
  });

  it('an edit of a content page in the staff console shows on the next page load', async () => {
    const before = await get('/about-us', 'kikstart_first_time=false');
    expect(before.statusCode).toBe(200);
    const { headers } = await demoSession(t, 'admin');
    const current = await t.app.inject({ url: '/api/admin/content/pages/about-us', headers });
    const { version } = current.json<{ data: { version: number } }>().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/content/pages/about-us',
      headers,
      payload: { version, title: 'About KikStart today', description: 'Who we are.', body: 'Our story.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // PostgreSQL delivers the edit's NOTIFY a moment after the commit; PGlite within it.
    const deadline = Date.now() + (onPostgres ? 2000 : 0);
    let after = await get('/about-us', 'kikstart_first_time=false');
    while (!after.body.includes('About KikStart today') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await get('/about-us', 'kikstart_first_time=false');
    }
    expect(after.body).toMatch(/<title>About KikStart today\b/);
    expect(timing(after)).toMatch(/^render;dur=/);
  });
});
