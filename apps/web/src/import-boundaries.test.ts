import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The repository root, where eslint.config.js lives (the same config `npm run lint` uses).
const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const fixture = (path: string) => `${root}apps/web/src/${path}`;

/** Lints one fixture with the repository's config; fixtures are skipped by the normal run, so ignores are off. */
async function lint(path: string) {
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([fixture(path)]);
  return result!.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message }));
}

describe('web import direction: shared → features → app (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature, statically and with a lazy import()', async () => {
    expect(await lint('features/__lint-fixtures__/sideways-import.ts')).toEqual([
      {
        ruleId: 'no-restricted-imports',
        line: 3,
        message: expect.stringContaining(
          "'../programs/catalog-query.ts' import is restricted from being used by a pattern. A feature may not import another feature.",
        ),
      },
      {
        ruleId: 'no-restricted-syntax',
        line: 5,
        message: expect.stringContaining('A feature may not import another feature.'),
      },
    ]);
  });

  it('refuses a feature importing app/', async () => {
    expect(await lint('features/__lint-fixtures__/app-import.ts')).toEqual([
      { ruleId: 'no-restricted-imports', line: 2, message: expect.stringContaining('A feature may not import app/.') },
    ]);
  });

  it('refuses shared code importing a feature or app/', async () => {
    const shared = 'Shared code (api/, components/, hooks/, lib/, store/, theme/) may not import features/ or app/';
    expect(await lint('lib/__lint-fixtures__/feature-import.ts')).toEqual([
      { ruleId: 'no-restricted-imports', line: 2, message: expect.stringContaining(shared) },
      { ruleId: 'no-restricted-imports', line: 3, message: expect.stringContaining(shared) },
    ]);
  });

  it('allows a feature its own files and shared code', async () => {
    expect(await lint('features/__lint-fixtures__/allowed-imports.ts')).toEqual([]);
  });

  it('keeps the fixtures out of the normal lint run', async () => {
    const eslint = new ESLint({ cwd: root });
    expect(await eslint.isPathIgnored(fixture('features/__lint-fixtures__/sideways-import.ts'))).toBe(true);
    expect(await eslint.isPathIgnored(fixture('lib/__lint-fixtures__/feature-import.ts'))).toBe(true);
    expect(await eslint.isPathIgnored(fixture('features/programs/catalog-page.tsx'))).toBe(false);
  });
});
