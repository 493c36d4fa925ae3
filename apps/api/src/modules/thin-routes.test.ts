import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = import.meta.dirname;
const routeFiles = readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.routes.ts'))
  .map((file) => join(MODULES, file));

/**
 * What a route file may not do itself (GUIDE §2: schema, read the user, call one service):
 * read or check a body by hand, or catch bots, each of which has one home.
 */
const FORBIDDEN: [RegExp, string][] = [
  [
    /lib\/multipart\.ts'/,
    'reads multipart by hand: use multipartBody (lib/multipart-body.ts) as the route’s preValidation',
  ],
  [/lib\/validate\.ts'/, 'validates by hand: use the route schema or multipartBody'],
  [/\.parts\(|\.isMultipart\(|\.safeParse\(/, 'reads or parses the body by hand'],
  [/\.website\b|isHoneypotFilled/, 'checks the honeypot itself: declare config.honeypot (plugins/honeypot.ts)'],
];

describe('thin routes', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it.each(routeFiles.map((file) => [relative(MODULES, file), file]))(
    '%s reads no body and catches no bot by hand',
    (_name, file) => {
      const source = readFileSync(file, 'utf8');
      const found = FORBIDDEN.filter(([pattern]) => pattern.test(source)).map(([, why]) => why);
      expect(found).toEqual([]);
    },
  );

  it('the coach-role request lives with the accounts, not the public leads', () => {
    const sources = Object.fromEntries(routeFiles.map((file) => [relative(MODULES, file), readFileSync(file, 'utf8')]));
    const owners = Object.keys(sources).filter((name) => sources[name]!.includes("'/user/coach/request'"));
    expect(owners).toEqual([join('auth', 'coach-role.routes.ts')]);
  });
});
