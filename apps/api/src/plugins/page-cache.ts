import type { FastifyInstance } from 'fastify';
import type { DbHandle, Listener } from '@kikstart/db';
import { nowMs, type Clock } from '../lib/clock.ts';
import type { Encoding } from './web-build.ts';

/**
 * The rendered public pages each API process keeps for signed-out visitors (issue 42). A page is
 * kept per address and variant (theme, first visit, encoding) and dropped at once when staff
 * change what public pages show: the tables they read NOTIFY this channel on every committed
 * change (migration 0021_page_cache_notify), and every process LISTENs.
 */
export const PAGE_CACHE_CHANNEL = 'page_cache';

/** Pages that show seats left may lag this much behind enrollments, which send no notice. */
export const SEATS_MAX_AGE_MS = 5_000;
/**
 * Other pages change with edits, which notify; they are kept a minute at most all the same, so
 * what changes with no write at all (the date: an offer's last day) shows within one.
 */
export const CONTENT_MAX_AGE_MS = 60_000;

/**
 * Bounds, so a crawler cannot grow memory without limit. Addresses with a query string have a
 * store of their own: any string makes a new one, and churning through them must not push the
 * plain pages that most visitors open out of the cache.
 */
export const PAGE_CACHE_LIMITS = {
  plain: { entries: 500, bytes: 64 * 1024 * 1024 },
  withQuery: { entries: 100, bytes: 16 * 1024 * 1024 },
};

/** A page as sent: its status and its body, compressed once for the encoding in its key. */
export interface RenderedPage {
  status: number;
  body: Buffer;
  encoding: Encoding;
  /** Rendered with the demo modal open: every answer with it sets the session's demo-shown cookie. */
  demoShown: boolean;
  /** How long other visitors may be sent it; 0 keeps it out of the cache (pageMaxAge). */
  maxAgeMs: number;
  renderMs: number;
}

/**
 * A page that failed to load a part, or any status but 200, is not kept. Not-found pages (an
 * unknown program id) have no bound on their addresses, so keeping them would let anyone push
 * real pages out, and they are rare for people.
 */
export function pageMaxAge(page: { status: number; complete: boolean; showsSeats: boolean }): number {
  if (page.status !== 200 || !page.complete) return 0;
  return page.showsSeats ? SEATS_MAX_AGE_MS : CONTENT_MAX_AGE_MS;
}

/** How an answer was made, for `server-timing`: rendered now, kept, or another request's render. */
export type Served = { page: RenderedPage; from: 'miss' | 'hit' | 'stale' | 'shared' };

interface Entry {
  page: RenderedPage;
  expiresAt: number;
}

/** Least recently used first out, by count and by bytes. */
class BoundedStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  private readonly limits: { entries: number; bytes: number };
  constructor(limits: { entries: number; bytes: number }) {
    this.limits = limits;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map keeps insertion order: moved to the end, it is the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry) {
    this.delete(key);
    if (entry.page.body.length > this.limits.bytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.page.body.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.delete(oldest);
    }
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.page.body.length;
  }
}

export interface PageCache {
  /**
   * The page for this address and variant: kept, or rendered by `render` (null: the render
   * failed). Requests that arrive while one renders it wait for that render instead of making
   * their own; once a kept page has aged out, they get it while the one render makes the next.
   */
  serve(key: { url: string; variant: string }, render: () => Promise<RenderedPage | null>): Promise<Served | null>;
  /** Drops every page, and the renders under way, which may have read what changed. */
  clear(): void;
  /**
   * Pages are kept only while this process hears the notices, otherwise an edit would go unseen:
   * not listening drops them all and renders every request.
   */
  setListening(listening: boolean): void;
  readonly size: { entries: number; bytes: number };
}

export function createPageCache({
  clock,
  limits = PAGE_CACHE_LIMITS,
}: {
  clock: Clock;
  limits?: typeof PAGE_CACHE_LIMITS;
}): PageCache {
  const plain = new BoundedStore(limits.plain);
  const withQuery = new BoundedStore(limits.withQuery);
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  let listening = false;
  // Bumped by each clear: a render that started before it may hold what changed, so is not kept.
  let generation = 0;

  const clear = () => {
    generation++;
    plain.clear();
    withQuery.clear();
    rendering.clear();
  };

  return {
    async serve({ url, variant }, render) {
      if (!listening) {
        const page = await render();
        return page && { page, from: 'miss' };
      }
      const key = `${url}\n${variant}`;
      const store = url.includes('?') ? withQuery : plain;
      const kept = store.get(key);
      if (kept && kept.expiresAt > nowMs(clock)) return { page: kept.page, from: 'hit' };
      const underWay = rendering.get(key);
      if (underWay) {
        if (kept) return { page: kept.page, from: 'stale' };
        const page = await underWay;
        return page && { page, from: 'shared' };
      }
      const startedIn = generation;
      const rendered = render().catch(() => null);
      rendering.set(key, rendered);
      try {
        const page = await rendered;
        if (page && page.maxAgeMs > 0 && startedIn === generation && listening)
          store.set(key, { page, expiresAt: nowMs(clock) + page.maxAgeMs });
        return page && { page, from: 'miss' };
      } finally {
        if (rendering.get(key) === rendered) rendering.delete(key);
      }
    },
    clear,
    setListening(next) {
      listening = next;
      if (!listening) clear();
    },
    get size() {
      const a = plain.size;
      const b = withQuery.size;
      return { entries: a.entries + b.entries, bytes: a.bytes + b.bytes };
    },
  };
}

/**
 * The app's page cache, listening from onReady to onClose. Without a LISTEN connection it never
 * keeps a page: another process's edit would go unseen. A lost connection drops every page and
 * stops keeping them until it is back (listen.ts reconnects, then calls onNotify with no payload).
 */
export function registerPageCache(app: FastifyInstance, listen: DbHandle['listen'] | undefined): PageCache {
  const cache = createPageCache({ clock: app.clock });
  let listener: Listener | undefined;
  app.addHook('onReady', async () => {
    if (!listen) {
      app.log.warn('page cache: no LISTEN connection given to buildApp; every public page is rendered afresh');
      return;
    }
    listener = await listen(PAGE_CACHE_CHANNEL, {
      onNotify: () => {
        // A committed change (its table as the payload), or the connection back after a loss (no
        // payload): either way what was kept may be out of date.
        cache.clear();
        cache.setListening(true);
      },
      onError: (err) => {
        cache.setListening(false);
        app.log.warn({ err }, 'page cache LISTEN connection lost; pages are rendered afresh until it is back');
      },
    });
    cache.setListening(true);
  });
  app.addHook('onClose', async () => {
    cache.setListening(false);
    await listener?.close();
  });
  return cache;
}
