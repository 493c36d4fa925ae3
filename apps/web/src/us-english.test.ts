import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One voice and US English (issue 12, item 19): the web app, the copy it shows from the
 * contract, and the seed content are scanned for British spellings and for "Log in" wording
 * ("Sign in" is the product's phrase). Comments count too: they are read by the next person.
 */
const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const SCANNED = ['apps/web/src', 'apps/web/index.html', 'packages/contract/src', 'packages/db/src/seed'];
// Tests hold hostile and odd inputs on purpose; what users and readers see is the source.
const SKIPPED = [/__lint-fixtures__/, /\.test\.tsx?$/];

/** Each rule: what is banned and what to write instead. Case-sensitive unless the pattern says otherwise. */
export const BANNED: { pattern: RegExp; use: string }[] = [
  { pattern: /\bLog( [iI]n|In)\b/, use: 'Sign in' },
  { pattern: /\blog in\b/, use: 'sign in' },
  // "Login" as a word; "/auth/login", LoginPage and LOGIN_PATH are code, not copy.
  { pattern: /(?<![/\w])Login\b/, use: 'Sign in' },
  { pattern: /\bSign (In|Up)\b/, use: 'Sign in / Sign up (sentence case)' },
  {
    pattern:
      /\b(authori|organi|recogni|reali|apologi|summari|speciali|minimi|maximi|optimi|normali|prioriti|personali|customi|finali|categori|initiali|saniti|utili|visuali|memori|familiari|standardi|locali|critici|characteri|synchroni|penali|sociali|mobili|stabili|moderni|immuni|emphasi)s(e|ed|es|ing|ation|ations)\b/i,
    use: '-ize / -ization',
  },
  {
    pattern: /\b\w*(colo|favo|behavio|hono|neighbo|labo|flavo|humo|rumo|harbo|savo|armo|endeavo|parlo|odo|vigo)ur/i,
    use: '-or (color, favorite, behavior…)',
  },
  { pattern: /\b\w*(cent|theat|lit|fib|calib|somb|lust|meag)re(s|d)?\b/i, use: '-er (center, theater…)' },
  { pattern: /\b(defen|offen|licen)ce\b/i, use: 'defense, offense, license' },
  { pattern: /\bcatalogue/i, use: 'catalog' },
  // As a word in copy; the API's 'enquiry' route and kind are names, not copy.
  { pattern: /\b(an|your|the|our|any) enquir/i, use: 'inquiry (or question)' },
  { pattern: /\bprogramme/i, use: 'program' },
  { pattern: /\bpractis(e|ed|es|ing)\b/i, use: 'practice (verb too)' },
  { pattern: /\benrol(s|ment|ments)?\b/i, use: 'enroll, enrollment' },
  { pattern: /\b\w*(label|model|travel|fuel|signal|level|marvel|channel)l(ed|ing|er|ers)\b/i, use: 'a single l' },
  {
    pattern: /\b(whilst|amongst|fulfil|instalment|judgement|aeroplane|jewellery|cheque|tyre|pyjamas|maths)\b/i,
    use: 'the US word',
  },
  { pattern: /(?<![.\w'"-])[Gg]rey\b(?![.[])/, use: 'gray' },
  { pattern: /\b(one|two|three|\d+) working days?\b/i, use: 'business day' },
];

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|html|md)$/.test(f))
    .map((f) => join(full, f));
}

function findings(text: string) {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { pattern, use } of BANNED) {
      const match = pattern.exec(line);
      if (match) found.push(`${i + 1}: "${match[0]}" → ${use}`);
    }
  });
  return found;
}

describe('copy is in one voice and US English', () => {
  it('finds nothing banned in the web source, the contract and the seed', () => {
    const report: string[] = [];
    for (const file of SCANNED.flatMap(filesUnder)) {
      if (SKIPPED.some((skip) => skip.test(file))) continue;
      for (const finding of findings(readFileSync(file, 'utf8'))) report.push(`${relative(root, file)}:${finding}`);
    }
    expect(report).toEqual([]);
  });

  it('catches the spellings it is meant to', () => {
    const bad = [
      'Log in',
      'Log In',
      'LogIn',
      'to log in',
      'Login',
      'Sign In',
      'Sign Up',
      'authorised',
      'organisation',
      'community centres',
      'centred',
      'colour',
      'watercolours',
      'favourite',
      'behaviour',
      'theatre',
      'defence',
      'licence',
      'catalogue',
      'Thank you for your enquiry',
      'programme',
      'practise',
      'enrolment',
      'labelled',
      'travelling',
      'whilst',
      'dark grey',
      'one working day',
    ];
    for (const text of bad) expect(findings(text), text).not.toEqual([]);
  });

  it('leaves US spellings and code names alone', () => {
    const good = [
      'Sign in',
      'Sign up',
      'sign in',
      "paths.login, '/auth/login', LoginPage, LOGIN_PATH",
      'Sign-in',
      'authorized',
      'centers',
      'color',
      'catalog',
      'enroll',
      'enrollment',
      'labeled',
      'practice',
      'our',
      'hour',
      'four',
      'tour',
      'genre',
      'acre',
      'emphasis',
      'exercise',
      'otherwise',
      "bgcolor: 'grey.100'",
      'palette.grey[200]',
      'one business day',
    ];
    for (const text of good) expect(findings(text), text).toEqual([]);
  });
});
