import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';

/** An in-process API for one visitor: records the paths it was asked for, answers after a pause. */
function visitorApi() {
  const paths: string[] = [];
  const fetchApi: typeof fetch = async (input) => {
    paths.push(
      new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x').pathname,
    );
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    return new Response(JSON.stringify({ status: 503, code: 'INTERNAL', message: 'Try again', data: null }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { paths, fetchApi };
}

const page = (url: string, fetchApi: typeof fetch) =>
  render({ url, origin: 'http://localhost:3000', cookies: {}, prefersDark: false, fetchApi });

describe('the server renderer', () => {
  it('sends each render’s API calls through that render’s own visitor, when renders overlap', async () => {
    const home = visitorApi();
    const faq = visitorApi();
    const catalog = visitorApi();
    await Promise.all([page('/', home.fetchApi), page('/faq', faq.fetchApi), page('/programs', catalog.fetchApi)]);
    for (const visitor of [home, faq, catalog]) expect(visitor.paths.length).toBeGreaterThan(0);
    // Each page asks for its own data: the FAQ's calls never reach the home page's visitor, and so on.
    expect(faq.paths.some((p) => p.includes('faq'))).toBe(true);
    expect(home.paths.some((p) => p.includes('faq'))).toBe(false);
    expect(catalog.paths.some((p) => p.includes('faq'))).toBe(false);
    expect(catalog.paths.some((p) => p.includes('programs'))).toBe(true);
    expect(faq.paths.some((p) => p.includes('programs/all-list'))).toBe(false);
  }, 30_000);

  it('renders the demo modal open for a first visit to a marketing page, and only then', async () => {
    const visit = (url: string, cookies: Record<string, string>) =>
      render({ url, origin: 'http://localhost:3000', cookies, prefersDark: false, fetchApi: visitorApi().fetchApi });
    const dialog = 'src/features/leads/components/demo-request-dialog.tsx';
    const opened = async (url: string, cookies: Record<string, string> = {}) => {
      const page = await visit(url, cookies);
      const inHtml = /role="dialog"[^>]*aria-labelledby/.test(page.body) && page.body.includes('Request A Free Demo');
      // The three say the same: the dialog in the HTML, its code linked as a part, the cookie asked for.
      expect(page.parts.includes(dialog)).toBe(inHtml);
      expect(page.demoShown).toBe(inHtml);
      return inHtml;
    };
    expect(await opened('/')).toBe(true);
    expect(await opened('/faq')).toBe(true);
    expect(await opened('/programs')).toBe(false);
    expect(await opened('/', { kikstart_first_time: 'false' })).toBe(false);
    expect(await opened('/', { kikstart_demo_shown: '1' })).toBe(false);
    expect(await opened('/', { kikstart_token: 'a-token' })).toBe(false);
    // Open with the page's first paint: no fade-in waiting for a script.
    const home = await visit('/', {});
    expect(home.body).not.toMatch(/class="[^"]*MuiBackdrop-root[^"]*"[^>]*style="[^"]*opacity:\s*0/);
    expect(home.body).toContain('Request my free demo');
  }, 30_000);
});
