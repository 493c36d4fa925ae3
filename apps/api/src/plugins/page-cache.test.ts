import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/manual-clock.ts';
import {
  CONTENT_MAX_AGE_MS,
  SEATS_MAX_AGE_MS,
  createPageCache,
  pageMaxAge,
  type PageCache,
  type RenderedPage,
} from './page-cache.ts';

const page = (html: string, overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  body: Buffer.from(html),
  encoding: 'identity',
  demoShown: false,
  maxAgeMs: CONTENT_MAX_AGE_MS,
  renderMs: 1,
  ...overrides,
});

/** A cache already listening, and a render that counts its calls. */
function setUp(limits?: Parameters<typeof createPageCache>[0]['limits']) {
  const clock = new ManualClock();
  const cache = createPageCache({ clock, limits });
  cache.setListening(true);
  let renders = 0;
  const render = (html: string, overrides?: Partial<RenderedPage>) => async () => {
    renders++;
    return page(html, overrides);
  };
  return { clock, cache, render, renders: () => renders };
}

const serve = (cache: PageCache, url: string, render: () => Promise<RenderedPage | null>, variant = 'v') =>
  cache.serve({ url, variant }, render);

describe('page cache: what is kept', () => {
  it('keeps a page per address and variant and answers it again without rendering', async () => {
    const { cache, render, renders } = setUp();
    expect((await serve(cache, '/', render('home')))?.from).toBe('miss');
    const again = await serve(cache, '/', render('other'));
    expect(again?.from).toBe('hit');
    expect(again?.page.body.toString()).toBe('home');
    expect((await serve(cache, '/', render('dark home'), 'dark'))?.page.body.toString()).toBe('dark home');
    expect(renders()).toBe(2);
  });

  it('keeps pages for their max age: seats a few seconds, content a minute', async () => {
    expect(pageMaxAge({ status: 200, complete: true, showsSeats: true })).toBe(SEATS_MAX_AGE_MS);
    expect(pageMaxAge({ status: 200, complete: true, showsSeats: false })).toBe(CONTENT_MAX_AGE_MS);
    const { cache, clock, render, renders } = setUp();
    await serve(cache, '/programs', render('seats', { maxAgeMs: SEATS_MAX_AGE_MS }));
    clock.advance(SEATS_MAX_AGE_MS - 1);
    expect((await serve(cache, '/programs', render('seats')))?.from).toBe('hit');
    clock.advance(1);
    expect((await serve(cache, '/programs', render('fewer seats')))?.page.body.toString()).toBe('fewer seats');
    expect(renders()).toBe(2);
  });

  it('never keeps a failed render, a page with a part that failed, or a not-found page', async () => {
    expect(pageMaxAge({ status: 200, complete: false, showsSeats: false })).toBe(0);
    expect(pageMaxAge({ status: 404, complete: true, showsSeats: true })).toBe(0);
    const { cache, render, renders } = setUp();
    expect(await serve(cache, '/', async () => null)).toBeNull();
    expect(await serve(cache, '/', () => Promise.reject(new Error('render failed')))).toBeNull();
    await serve(cache, '/', render('part failed', { maxAgeMs: 0 }));
    expect((await serve(cache, '/', render('home')))?.from).toBe('miss');
    expect(renders()).toBe(2);
  });

  it('renders once for requests that arrive together, and serves an aged page while the next renders', async () => {
    const { cache, clock, render, renders } = setUp();
    const together = await Promise.all([1, 2, 3].map(() => serve(cache, '/', render('home'))));
    expect(together.map((s) => s?.from)).toEqual(['miss', 'shared', 'shared']);
    expect(renders()).toBe(1);
    clock.advance(CONTENT_MAX_AGE_MS);
    const [first, second] = await Promise.all([serve(cache, '/', render('new home')), serve(cache, '/', render('x'))]);
    expect([first?.from, first?.page.body.toString()]).toEqual(['miss', 'new home']);
    expect([second?.from, second?.page.body.toString()]).toEqual(['stale', 'home']);
    expect(renders()).toBe(2);
  });
});

describe('page cache: invalidation', () => {
  it('clear drops every page, and a render under way when it came is not kept', async () => {
    const { cache, render, renders } = setUp();
    await serve(cache, '/', render('home'));
    let finish!: (page: RenderedPage) => void;
    const slow = serve(cache, '/about-us', () => new Promise<RenderedPage>((resolve) => (finish = resolve)));
    cache.clear();
    // A request after the edit does not wait for a render that may have read the old content.
    const afterEdit = serve(cache, '/about-us', render('about, edited'));
    finish(page('about, before the edit'));
    expect((await slow)?.page.body.toString()).toBe('about, before the edit');
    expect((await afterEdit)?.page.body.toString()).toBe('about, edited');
    expect((await serve(cache, '/', render('home, edited')))?.page.body.toString()).toBe('home, edited');
    expect((await serve(cache, '/about-us', render('x')))?.page.body.toString()).toBe('about, edited');
    expect(renders()).toBe(3);
  });

  it('keeps nothing while not listening (an edit elsewhere would go unseen), and again once listening', async () => {
    const { cache, render, renders } = setUp();
    await serve(cache, '/', render('home'));
    cache.setListening(false);
    expect((await serve(cache, '/', render('home')))?.from).toBe('miss');
    expect((await serve(cache, '/', render('home')))?.from).toBe('miss');
    cache.setListening(true);
    await serve(cache, '/', render('home'));
    expect((await serve(cache, '/', render('home')))?.from).toBe('hit');
    expect(renders()).toBe(4);
  });
});

describe('page cache: bounds', () => {
  it('holds at most its count and its bytes, dropping the least recently used first', async () => {
    const { cache, render } = setUp({
      plain: { entries: 3, bytes: 10 },
      withQuery: { entries: 2, bytes: 100 },
    });
    for (const url of ['/a', '/b', '/c']) await serve(cache, url, render('123'));
    await serve(cache, '/a', render('123')); // /a is now the most recently used
    await serve(cache, '/d', render('123'));
    expect(cache.size).toEqual({ entries: 3, bytes: 9 });
    expect((await serve(cache, '/a', render('123')))?.from).toBe('hit');
    expect((await serve(cache, '/b', render('123')))?.from).toBe('miss');
    // Bytes: a page of 8 bytes leaves room for one of the others only.
    await serve(cache, '/e', render('12345678'));
    expect(cache.size).toEqual({ entries: 1, bytes: 8 });
    // Larger than the whole store: sent, not kept.
    expect((await serve(cache, '/f', render('12345678901')))?.from).toBe('miss');
    expect((await serve(cache, '/f', render('12345678901')))?.from).toBe('miss');
  });

  it('a crawler of query strings churns only their own store: the plain pages stay', async () => {
    const { cache, render } = setUp({
      plain: { entries: 3, bytes: 1000 },
      withQuery: { entries: 2, bytes: 1000 },
    });
    await serve(cache, '/', render('home'));
    for (let i = 0; i < 50; i++) await serve(cache, `/?utm=${i}`, render('home'));
    expect(cache.size.entries).toBe(3);
    expect((await serve(cache, '/', render('home')))?.from).toBe('hit');
    expect((await serve(cache, '/?utm=49', render('home')))?.from).toBe('hit');
    expect((await serve(cache, '/?utm=0', render('home')))?.from).toBe('miss');
  });
});
