import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

const FALLBACK = '/account';

describe('safeNextPath', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeNextPath('/account/profile', FALLBACK)).toBe('/account/profile');
    expect(safeNextPath('/programs/12/enroll?season=fall#waiver', FALLBACK)).toBe(
      '/programs/12/enroll?season=fall#waiver',
    );
  });

  it('falls back when next is missing or empty', () => {
    expect(safeNextPath(null, FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath(undefined, FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('', FALLBACK)).toBe(FALLBACK);
  });

  it('refuses other origins and tricks that browsers read as one', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'account',
      '/\t/evil.example',
    ]) {
      expect(safeNextPath(next, FALLBACK), next).toBe(FALLBACK);
    }
    // Encoded characters stay encoded: a harmless same-site path.
    expect(safeNextPath('/%0a/evil', FALLBACK)).toBe('/%0a/evil');
  });

  it('resolves dot segments first, so a path that becomes "//host" falls back to the dashboard', () => {
    const hostile = [
      '/.//evil.example',
      '/././/evil.example/account',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/a/..//evil.example',
      '/x/../../..//evil.example',
      '/account/..//evil.example?next=/account#x',
      '/.///evil.example',
    ];
    for (const next of hostile) expect(safeNextPath(next, FALLBACK), next).toBe(FALLBACK);
  });

  it('refuses backslashes, schemes and encoded slashes in any spelling', () => {
    const hostile = [
      '/.//\\evil.example',
      '/.\\evil.example',
      '/%2f%2fevil.example',
      '/%2F/evil.example',
      '/%5c%5cevil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      ' /account',
      '/\n/evil.example',
      '/\u0000/account',
    ];
    for (const next of hostile) expect(safeNextPath(next, FALLBACK), next).toBe(FALLBACK);
  });

  it('normalises a harmless same-site path instead of refusing it', () => {
    expect(safeNextPath('/account/./profile/../children', FALLBACK)).toBe('/account/children');
    expect(safeNextPath('/account//profile', FALLBACK)).toBe('/account/profile');
    expect(safeNextPath('/programs/12/%2e%2e/14?tab=about', FALLBACK)).toBe('/programs/14?tab=about');
    // An encoded slash in the query is data, not a path.
    expect(safeNextPath('/programs?q=a%2Fb', FALLBACK)).toBe('/programs?q=a%2Fb');
  });

  it('does not send the user back to an auth page', () => {
    expect(safeNextPath('/auth/login?next=/auth/login', FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('/auth/signup', FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('/authors', FALLBACK)).toBe('/authors');
    // However it is spelt: dot segments, doubled slashes, another case.
    for (const next of ['/./auth/login', '/account/../auth/login', '//auth/login', '/Auth/Login', '/%61uth/login']) {
      expect(safeNextPath(next, FALLBACK), next).toBe(FALLBACK);
    }
  });
});
