import { describe, expect, it } from 'vitest';
import { tooManyAttemptsMessage } from '@kikstart/contract/auth';
import { isCommonPassword } from '@kikstart/contract/common-passwords';
import { RateLimiter } from '../../lib/rate-limiter.ts';

describe('RateLimiter (per-account limits)', () => {
  it('allows max hits per window, then reports the wait until the window ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.consume('a@x.example')).toBe(0);
    expect(limiter.consume('a@x.example')).toBe(60_000);
    now += 15_000;
    expect(limiter.retryAfter('a@x.example')).toBe(45_000);
    expect(limiter.retryAfter('b@x.example')).toBe(0);
    now += 45_000;
    expect(limiter.consume('a@x.example')).toBe(0);
  });

  it('reset clears a key', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000 });
    limiter.hit('k');
    expect(limiter.retryAfter('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfter('k')).toBe(0);
  });

  it('stays bounded under a flood of distinct keys, dropping expired then oldest entries', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 1, windowMs: 1000, maxKeys: 100, now: () => now });
    for (let i = 0; i < 1000; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.retryAfter('k999')).toBeGreaterThan(0);
    now = 5000;
    limiter.hit('fresh');
    expect(limiter.size).toBe(1);
  });
});

describe('auth rules', () => {
  it('429 message in minutes, at least 1', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('common passwords are matched case-insensitively', () => {
    for (const p of ['password', 'PASSWORD1', 'Qwerty123', 'iloveyou', 'Sunshine1', 'kikstart2026']) expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Blue-kite-river-42', 'Parent-demo-2026x']) expect(isCommonPassword(p), p).toBe(false);
  });
});
