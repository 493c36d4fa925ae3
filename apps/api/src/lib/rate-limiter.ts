/**
 * A small fixed-window counter keyed by a string (a lower-cased email, for per-account limits
 * next to @fastify/rate-limit's per-IP ones). It lives in this process's memory, like the
 * per-IP store: with several API processes each counts on its own, so the effective limit is
 * per process. The map is bounded; when full, expired windows go first, then the oldest keys.
 */
export interface RateLimiterOptions {
  /** How many hits a key may have in one window. */
  max: number;
  windowMs: number;
  /** Keys kept at most (memory bound against floods of distinct keys). */
  maxKeys?: number;
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  readonly max: number;
  readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly windows = new Map<string, Window>();

  constructor(options: RateLimiterOptions) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until `key` may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const w = this.current(key);
    return w && w.count >= this.max ? w.resetAt - this.now() : 0;
  }

  /** Counts one hit for `key`. */
  hit(key: string): void {
    const now = this.now();
    const w = this.current(key);
    if (w) {
      w.count++;
      return;
    }
    if (this.windows.size >= this.maxKeys) this.evict(now);
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  /** Counts one hit and returns the wait when that hit went over the limit (0 when allowed). */
  consume(key: string): number {
    const wait = this.retryAfter(key);
    if (wait > 0) return wait;
    this.hit(key);
    return 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  get size() {
    return this.windows.size;
  }

  private current(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private evict(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    // Still full: drop the oldest entries (Map keeps insertion order).
    const excess = this.windows.size - this.maxKeys + 1;
    if (excess > 0) {
      let n = 0;
      for (const key of this.windows.keys()) {
        if (n++ >= excess) break;
        this.windows.delete(key);
      }
    }
  }
}
