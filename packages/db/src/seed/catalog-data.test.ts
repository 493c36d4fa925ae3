import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROGRAM_ILLUSTRATIONS, PROGRAMS, illustrationPath } from './catalog-data.ts';

/** The web app's public folder, where the illustrations ship (served at the site root). */
const webPublic = (sitePath: string) =>
  fileURLToPath(new URL(`../../../../apps/web/public${sitePath}`, import.meta.url));

describe('seeded program illustrations', () => {
  it('every seeded program has an illustration with alt text, and every illustration file exists', () => {
    for (const p of PROGRAMS) expect(PROGRAM_ILLUSTRATIONS[p.sport], p.slug).toBeDefined();
    for (const { file, alt } of Object.values(PROGRAM_ILLUSTRATIONS)) {
      expect(alt).toMatch(/^Illustration of /);
      expect(existsSync(webPublic(illustrationPath(file))), file).toBe(true);
    }
  });

  it('are small, self-contained SVGs with one canvas (no scripts, no external references)', () => {
    for (const { file } of Object.values(PROGRAM_ILLUSTRATIONS)) {
      const svg = readFileSync(webPublic(illustrationPath(file)), 'utf8');
      expect(svg.length, file).toBeLessThan(6_000);
      expect(svg, file).toContain('viewBox="0 0 320 180"');
      expect(svg, file).not.toMatch(/<script|href=|url\((?!#)/i);
    }
  });
});
