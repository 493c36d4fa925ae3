import { describe, expect, it } from 'vitest';
import { internalPath } from './mail-link.ts';

const ORIGIN = 'http://127.0.0.1:3211';

describe('internalPath', () => {
  it('turns links to this site into paths with their query', () => {
    expect(internalPath(`${ORIGIN}/auth/verify-email?token=abc`, ORIGIN)).toBe('/auth/verify-email?token=abc');
    expect(internalPath(`${ORIGIN}/auth/reset-password?email=a%40b.c&code=123456`, ORIGIN)).toBe(
      '/auth/reset-password?email=a%40b.c&code=123456',
    );
  });
  it('leaves other sites and non-http links alone', () => {
    expect(internalPath('https://kikstart.example/auth/login', ORIGIN)).toBeNull();
    expect(internalPath('mailto:help@kikstart.example', ORIGIN)).toBeNull();
    expect(internalPath('http://[bad', ORIGIN)).toBeNull();
  });
});
