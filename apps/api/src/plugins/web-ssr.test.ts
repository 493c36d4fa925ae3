import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { createProgram } from '../../test/enrollment-fixtures.ts';

/**
 * A stand-in for the web build with its server bundle (apps/web/dist-server/entry-server.js):
 * the real renderer is covered by e2e/server-rendering.spec.ts; this checks how the API uses one.
 */
const outside = mkdtempSync(join(tmpdir(), 'kikstart-ssr-'));
const dist = join(outside, 'dist');
mkdirSync(dist);
writeFileSync(
  join(dist, 'index.html'),
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head><title>Default</title><meta name="description" content="Default description" />',
    '<meta name="theme-color" content="#ED1C24" /><!--ssr-head-->',
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-f5.css"></head>',
    '<body><noscript>KikStart needs JavaScript</noscript><div id="root"><!--ssr-body-->',
    '<!--client-shell--><div class="client-shell">logo</div><!--/client-shell--></div></body></html>',
  ].join('\n'),
);
// The build's one stylesheet: the @font-face rules (apps/web/src/theme/fonts.css).
mkdirSync(join(dist, 'assets'));
const FACES = [
  'poppins-latin-600',
  'poppins-latin-700',
  'open-sans-latin-400',
  'open-sans-latin-600',
  'open-sans-latin-700',
];
writeFileSync(
  join(dist, 'assets', 'index-f5.css'),
  FACES.map(
    (f) => `@font-face{font-family:X;font-display:optional;src:url(/assets/${f}-normal-h.woff2)format("woff2")}`,
  ).join(''),
);
// The build's manifest: the app's boot module (src/app/boot.tsx) and what it imports.
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-a1.js', dynamicImports: ['src/app/boot.tsx'] },
    'src/app/boot.tsx': { file: 'assets/boot-c3.js', imports: ['_react-b2.js', '_mui-d4.js'] },
    '_react-b2.js': { file: 'assets/react-b2.js' },
    '_mui-d4.js': { file: 'assets/mui-d4.js' },
  }),
);
mkdirSync(join(outside, 'dist-server'));
writeFileSync(
  join(outside, 'dist-server', 'entry-server.js'),
  `
export const isServerRendered = (path) => path === '/' || path.startsWith('/programs');
export async function render(request) {
  if (request.url.startsWith('/programs/broken')) throw new Error('render failed');
  const health = await (await request.fetchApi('/api/ready')).json();
  const body = '<main>db=' + health.data.db + ' cookies=' + JSON.stringify(request.cookies) +
    ' dark=' + request.prefersDark + ' origin=' + request.origin + '</main>';
  const mode = request.cookies.theme === 'dark' ? 'dark' : 'light';
  const status = request.url.startsWith('/programs/missing') ? 404 : 200;
  const demoShown = request.url.startsWith('/programs/first-visit');
  return { status, body, mode, demoShown, head: '<title>Rendered page</title><meta name="description" content="Rendered" />' };
}
`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('server-rendered public pages', () => {
  it('sends the rendered page with its own head in place of the defaults, never cached', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // The page's data was fetched in-process from the API.
    expect(res.body).toContain('<div id="root"><main>db=up');
    expect(res.body).toContain('<title>Rendered page</title>');
    expect(res.body).not.toContain('<title>Default</title>');
    expect(res.body).not.toContain('Default description');
    expect(res.body).not.toContain('<noscript>');
    expect(res.body).toContain(`origin=${TEST_PUBLIC_URL}`);
  });

  it('inlines the stylesheet and preloads only the two faces of the first screen', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.body).not.toContain('rel="stylesheet"');
    expect(res.body).toContain('<style>@font-face{');
    const preloaded = [...res.body.matchAll(/<link rel="preload" as="font"[^>]*href="\/assets\/([a-z-]+\d+)-normal/g)];
    expect(preloaded.map((m) => m[1])).toEqual(['poppins-latin-700', 'open-sans-latin-400']);
  });

  it('renders from the cookies and the color-scheme hint, and asks for the hint', async () => {
    const res = await t.app.inject({
      url: '/programs',
      headers: { cookie: 'theme=dark', 'sec-ch-prefers-color-scheme': 'dark' },
    });
    expect(res.body).toContain('<html lang="en" data-theme="dark" style="color-scheme: dark">');
    expect(res.body).toContain('"theme":"dark"');
    expect(res.body).toContain('dark=true');
    expect(res.body).toContain('content="#121212"');
    expect(res.headers['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(String(res.headers.vary)).toContain('Cookie');
  });

  it('a signed-in visitor (the token cookie) gets the client-rendered page, never a render without their session', async () => {
    const res = await t.app.inject({ url: '/programs', headers: { cookie: 'theme=dark; kikstart_token=abc%20def' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('kikstart_token');
    expect(res.headers['server-timing']).toBeUndefined();
  });

  it("fetches a rendered page's scripts at low priority (its content is in the HTML); the client shell keeps the default", async () => {
    const rendered = await t.app.inject({ url: '/' });
    expect(rendered.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1.js">');
    expect(rendered.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-b2.js">',
    );
    const shell = await t.app.inject({ url: '/account' });
    expect(shell.body).toContain('<script type="module" crossorigin src="/assets/index-a1.js">');
    expect(shell.body).not.toContain('fetchpriority');
  });

  it("names the app's boot chunks in a rendered page for download after it loads; the client shell links them at once", async () => {
    const rendered = await t.app.inject({ url: '/' });
    const list = rendered.body.match(/<script type="application\/json" id="kikstart-app-files">([^<]*)<\/script>/);
    // Already linked by index.html (react-b2): not again.
    expect(JSON.parse(list![1]!)).toEqual(['/assets/boot-c3.js', '/assets/mui-d4.js']);
    expect(rendered.body).not.toContain('href="/assets/boot-c3.js"');
    const shell = await t.app.inject({ url: '/account', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(shell.rawPayload).toString('utf8');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-c3.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/mui-d4.js" />');
    expect(html.match(/react-b2\.js/g)).toHaveLength(1);
    expect(html).not.toContain('kikstart-app-files');
  });

  it('a page rendered with the demo modal open records it in the session cookie; others set no cookie', async () => {
    const first = await t.app.inject({ url: '/programs/first-visit' });
    expect(first.headers['set-cookie']).toBe('kikstart_demo_shown=1; Path=/; SameSite=Lax');
    const other = await t.app.inject({ url: '/programs' });
    expect(other.headers['set-cookie']).toBeUndefined();
  });

  it('survives hostile cookies and hints: malformed values are passed on as text, never a 500', async () => {
    const res = await t.app.inject({
      url: '/',
      headers: { cookie: 'theme=%E0%A4%A; =x; broken; kikstart_token=', 'sec-ch-prefers-color-scheme': '<script>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('dark=false');
    expect(res.body).toContain('data-theme="light"');
  });

  it("answers the renderer's status (a program that is not found is a 404 page)", async () => {
    const res = await t.app.inject({ url: '/programs/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('falls back to the client-rendered page when a render fails', async () => {
    const res = await t.app.inject({ url: '/programs/broken' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><!--ssr-body-->\n<!--client-shell-->');
  });

  it('leaves signed-in and other pages client-rendered', async () => {
    const res = await t.app.inject({ url: '/account/children' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><!--ssr-body-->\n<!--client-shell-->');
  });

  it("paints a client-rendered page's shell in the chosen theme; a server-rendered page has none", async () => {
    const dark = await t.app.inject({ url: '/account/children', headers: { cookie: 'theme=dark' } });
    expect(dark.body).toContain('<html lang="en" data-theme="dark">');
    expect(dark.body).toContain('<div class="client-shell">logo</div>');
    const unchosen = await t.app.inject({ url: '/account/children', headers: { cookie: 'theme=<b>' } });
    expect(unchosen.body).toContain('<html lang="en">');
    const rendered = await t.app.inject({ url: '/' });
    expect(rendered.body).not.toContain('client-shell');
  });

  it('compresses the page for browsers that accept it', async () => {
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<main>db=up');
    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<main>db=up');
    expect(String(gz.headers.vary)).toContain('Accept-Encoding');
  });

  it('answers HEAD like GET, with no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });
});

describe('sitemap and robots', () => {
  it('/sitemap.xml lists every public page and each open program, not unpublished or finished ones', async () => {
    const open = await createProgram(t, { title: 'Open Soccer' });
    const hidden = await createProgram(t, { title: 'Draft Chess', published: false });
    const finished = await createProgram(t, { title: 'Spring Art', firstDate: '2020-03-02', lastDate: '2020-05-25' });
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/programs', '/about-us', '/faq', '/contact-us', '/book-a-call', '/privacy-policy'])
      expect(res.body).toContain(`<loc>${TEST_PUBLIC_URL}${path}</loc>`);
    expect(res.body).toContain(`<loc>${TEST_PUBLIC_URL}/programs/${open.id}</loc>`);
    expect(res.body).not.toContain(hidden.id);
    expect(res.body).not.toContain(finished.id);
    expect(res.body).not.toContain('/account');
  });

  it('/robots.txt points at the sitemap and keeps crawlers out of accounts and the API', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /account');
  });
});
