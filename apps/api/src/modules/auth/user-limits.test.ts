import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CODE_LENGTH, tooManyAttemptsMessage } from '@kikstart/contract/auth';
import { isCommonPassword } from '@kikstart/contract/common-passwords';
import { authThrottle, type DbHandle } from '@kikstart/db';
import {
  clientAddressKey,
  pruneThrottle,
  throttleHit,
  throttleKey,
  throttleReset,
  throttleWait,
} from '../../lib/rate-limiter.ts';
import { openTestDatabase } from '../../../test/test-db.ts';
import { ManualClock } from '../../../test/manual-clock.ts';
import { onPostgres } from '../../../test/on-postgres.ts';
import { RESET_CODE_MAX_ATTEMPTS } from './password-reset.service.ts';
import { RESET_CODES_PER_ACCOUNT, TOKEN_CHECK_IP_LIMIT, limitKeys, resetCodeGuessBound } from './user-limits.ts';

describe('reset-code guessing budget', () => {
  it('a guesser finds a 6-digit reset code within a year with a chance below 1%, from the limits in code', () => {
    const year = 365 * 24 * 3600_000;
    // Every code the account can be sent in a year (one extra window for the edges), each tried at most RESET_CODE_MAX_ATTEMPTS times.
    const windows = Math.ceil(year / RESET_CODES_PER_ACCOUNT.windowMs) + 1;
    const byHand = (windows * RESET_CODES_PER_ACCOUNT.max * RESET_CODE_MAX_ATTEMPTS) / 10 ** RESET_CODE_LENGTH;
    const bound = resetCodeGuessBound({
      codesPerAccount: RESET_CODES_PER_ACCOUNT,
      triesPerCode: RESET_CODE_MAX_ATTEMPTS,
      codeDigits: RESET_CODE_LENGTH,
    });
    expect(bound).toBeCloseTo(byHand, 12);
    expect(bound).toBeLessThan(0.01);
    // From a single address the per-IP check limit is a second wall, far looser than the account's.
    const perAddressChecksPerYear = (year / TOKEN_CHECK_IP_LIMIT.timeWindow) * TOKEN_CHECK_IP_LIMIT.max;
    expect(Math.min(bound, perAddressChecksPerYear / 10 ** RESET_CODE_LENGTH)).toBeLessThan(0.01);
  });

  it('the bound grows with the limits (so loosening them would fail the test above)', () => {
    const looser = resetCodeGuessBound({
      codesPerAccount: { max: RESET_CODES_PER_ACCOUNT.max * 2, windowMs: RESET_CODES_PER_ACCOUNT.windowMs },
      triesPerCode: RESET_CODE_MAX_ATTEMPTS,
      codeDigits: 6,
    });
    expect(looser).toBeGreaterThan(0.01);
  });
});

describe('client address keys', () => {
  it('IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0001:0002::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(clientAddressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(limitKeys.signinIp('2001:db8:1:2::5')).toBe(limitKeys.signinIp('2001:db8:1:2::9'));
    expect(limitKeys.signinIp('2001:db8:1:3::5')).not.toBe(limitKeys.signinIp('2001:db8:1:2::5'));
  });

  it('keys hold no email or address', () => {
    const key = limitKeys.signinIpAccount('203.0.113.7', 'Maya@Family.example');
    expect(key).toBe(limitKeys.signinIpAccount('203.0.113.7', 'maya@family.example'));
    expect(key).not.toMatch(/maya|203/i);
    expect(key).toMatch(/^[\w-]{43}$/);
  });
});

describe('database throttle counters', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('allows max hits per window on the injected clock, then reports the wait until the window ends', async () => {
    const { db } = handle;
    const clock = new ManualClock(new Date('2026-03-02T08:00:00Z'));
    const limit = { max: 3, windowMs: 60_000 };
    const key = throttleKey('test', 'a');
    for (let i = 0; i < 3; i++) expect(await throttleHit(db, key, limit, clock.now())).toBe(0);
    expect(await throttleWait(db, key, limit, clock.now())).toBe(60_000);
    expect(await throttleHit(db, key, limit, clock.now())).toBe(60_000);
    clock.advance(15_000);
    expect(await throttleWait(db, key, limit, clock.now())).toBe(45_000);
    expect(await throttleWait(db, throttleKey('test', 'b'), limit, clock.now())).toBe(0);
    clock.advance(45_000);
    expect(await throttleWait(db, key, limit, clock.now())).toBe(0);
    expect(await throttleHit(db, key, limit, clock.now())).toBe(0);
    await throttleReset(db, key);
    expect(await throttleWait(db, key, { max: 1, windowMs: 60_000 }, clock.now())).toBe(0);
  });

  it.runIf(onPostgres)('parallel hits are counted exactly (one row, atomic upsert)', async () => {
    const { db } = handle;
    const now = new Date('2026-03-02T09:00:00Z');
    const key = throttleKey('test', 'parallel');
    const waits = await Promise.all(
      Array.from({ length: 20 }, () => throttleHit(db, key, { max: 5, windowMs: 60_000 }, now)),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it('pruning drops counters whose window began before the cut-off', async () => {
    const { db } = handle;
    const old = throttleKey('test', 'old');
    const fresh = throttleKey('test', 'fresh');
    await throttleHit(db, old, { max: 1, windowMs: 1000 }, new Date('2026-01-01T00:00:00Z'));
    await throttleHit(db, fresh, { max: 1, windowMs: 1000 }, new Date('2026-03-01T00:00:00Z'));
    await pruneThrottle(db, new Date('2026-02-01T00:00:00Z'));
    const keys = (await db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key);
    expect(keys).toContain(fresh);
    expect(keys).not.toContain(old);
  });
});

describe('auth rules', () => {
  it('429 message in minutes, at least 1', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(tooManyAttemptsMessage(90 * 60_000)).toBe('Too many attempts. Please try again in 90 minutes.');
    expect(tooManyAttemptsMessage(72 * 3600_000)).toBe('Too many attempts. Please try again in 72 hours.');
  });

  it('common passwords are matched case-insensitively', () => {
    for (const p of ['password', 'PASSWORD1', 'Qwerty123', 'iloveyou', 'Sunshine1', 'kikstart2026'])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Blue-kite-river-42', 'Parent-demo-2026x']) expect(isCommonPassword(p), p).toBe(false);
  });
});
