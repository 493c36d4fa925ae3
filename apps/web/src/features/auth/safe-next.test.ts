import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

const FALLBACK = '/account';

describe('safeNextPath', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeNextPath('/account/profile', FALLBACK)).toBe('/account/profile');
    expect(safeNextPath('/programs/12/enroll?season=fall#waiver', FALLBACK)).toBe('/programs/12/enroll?season=fall#waiver');
  });

  it('falls back when next is missing or empty', () => {
    expect(safeNextPath(null, FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath(undefined, FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('', FALLBACK)).toBe(FALLBACK);
  });

  it('refuses other origins and tricks that browsers read as one', () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 'account', '/\t/evil.example']) {
      expect(safeNextPath(next, FALLBACK), next).toBe(FALLBACK);
    }
    // Encoded characters stay encoded: a harmless same-site path.
    expect(safeNextPath('/%0a/evil', FALLBACK)).toBe('/%0a/evil');
  });

  it('does not send the user back to an auth page', () => {
    expect(safeNextPath('/auth/login?next=/auth/login', FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('/auth/signup', FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('/authors', FALLBACK)).toBe('/authors');
  });
});
