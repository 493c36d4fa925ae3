import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = fileURLToPath(new URL('../features', import.meta.url));

/** Every features/<…>/api/*.ts file: one file per API call. */
function apiCallFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return apiCallFiles(path);
    return /[\\/]api[\\/][^\\/]+\.ts$/.test(path) && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The answer of each call is typed from the contract, the same zod schema the API's response
 * schema is built from, so the web and the API cannot drift apart: no inline shapes and no
 * response types of the web's own in the API call files.
 */
describe('web API calls', () => {
  const files = apiCallFiles(FEATURES);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('type their response data with contract types, not shapes of their own', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const name = relative(FEATURES, file);
      if (/api(Get|Write|Request)<\s*\{/.test(source)) offenders.push(`${name}: inline response shape`);
      // Request shapes (a File beside the fields) may live here; response shapes may not.
      const local = new Set(
        [...source.matchAll(/^(?:export\s+)?(?:interface\s+(\w+)|type\s+(\w+)\s*=\s*\{)/gm)].map((m) => m[1] ?? m[2]),
      );
      for (const [, typeName] of source.matchAll(/api(?:Get|Write|Request)<\s*(?:Paged<\s*)?(\w+)/g)) {
        if (local.has(typeName))
          offenders.push(`${name}: response type ${typeName} is declared here, not in packages/contract`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
