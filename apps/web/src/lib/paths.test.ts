import { describe, expect, it } from 'vitest';
import { homeFor, paths } from './paths.ts';

describe('where signing in lands', () => {
  it('a parent on the dashboard (whatever else they are), staff without a family on their portal', () => {
    expect(homeFor(['parent', 'coach'])).toBe(paths.dashboard);
    expect(homeFor(['coach'])).toBe(paths.coach);
    expect(homeFor(['admin'])).toBe(paths.admin);
    expect(homeFor(['coach', 'admin'])).toBe(paths.coach);
    expect(homeFor([])).toBe(paths.dashboard);
  });
});
