import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';

/**
 * Fails fast with a clear message when a prerequisite is missing. (The data dir is reset by
 * the webServer command, which Playwright runs before this file.)
 */
export default function globalSetup(config: FullConfig) {
  const root = config.rootDir ? resolve(config.rootDir, '..') : process.cwd();
  const problems: string[] = [];
  const chromium = config.projects[0]?.use.launchOptions?.executablePath;
  if (chromium && !existsSync(chromium))
    problems.push(`Chromium is missing at ${chromium} (scripts/ensure-test-deps.sh installs it).`);
  if (!existsSync(resolve(root, process.env.E2E_WEB_DIST_DIR || 'apps/web/dist', 'index.html')))
    problems.push('The web app is not built: run `npm run build -w @kikstart/web` first.');
  if (problems.length) throw new Error(problems.join('\n'));
}
