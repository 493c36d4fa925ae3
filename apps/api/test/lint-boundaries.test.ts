import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint config, run on fixture files as if they sat in apps/api/src: the
 * rule that keeps the test helpers (apps/api/test) out of production code must fire there, and
 * only there.
 */
const root = resolve(import.meta.dirname, '../../..');
const fixture = (name: string) => readFileSync(resolve(import.meta.dirname, 'fixtures/lint', name), 'utf8');
const MESSAGE = 'Production code must not import the API test helpers (apps/api/test); only *.test.ts files may.';

async function lintAs(text: string, filePath: string) {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(text, { filePath: resolve(root, filePath) });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

describe('lint: apps/api/src does not import apps/api/test', () => {
  it('a production file importing a test helper (static and dynamic import) is an error on each line', async () => {
    const messages = await lintAs(fixture('imports-test-helper.ts'), 'apps/api/src/modules/example/example.service.ts');
    expect(messages).toEqual([
      { rule: 'no-restricted-imports', line: 3, message: expect.stringContaining(MESSAGE) },
      { rule: 'no-restricted-syntax', line: 6, message: MESSAGE },
    ]);
  }, 60_000);

  it('the same imports in a *.test.ts file beside the module are allowed', async () => {
    expect(await lintAs(fixture('imports-test-helper.ts'), 'apps/api/src/modules/example/example.test.ts')).toEqual([]);
  }, 60_000);

  it('production code importing production code is clean', async () => {
    expect(await lintAs(fixture('imports-production.ts'), 'apps/api/src/modules/example/example.service.ts')).toEqual(
      [],
    );
  }, 60_000);
});
