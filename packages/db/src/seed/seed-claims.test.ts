import { describe, expect, it } from 'vitest';
import { PROGRAMS, SCHOOLS } from './catalog-data.ts';
import { CONTENT_PAGES } from './content-data.ts';

/** No claim the data contradicts (issue 12, item 19): the seeded copy is checked against the seeded catalog. */
const page = (key: string) => CONTENT_PAGES.find((p) => p.key === key)!;
const landing = page('landing-page').data as {
  hero: { eyebrow: string };
  stats: { value: string; label: string }[];
};
const stat = (label: string) => landing.stats.find((s) => s.label === label)?.value;
const WEEKEND = [6, 7];
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('seeded claims match the seeded data', () => {
  it('the landing stats count what the catalog holds', () => {
    expect(stat('partner schools')).toBe(String(SCHOOLS.length));
    expect(stat('programs open for enrollment')).toBe(String(PROGRAMS.length));
    expect(stat('sports and activities')).toBe(String(new Set(PROGRAMS.map((p) => p.sport)).size));
  });

  it('the about page names the real number of partner schools', () => {
    expect(page('about-us').body).toContain(`at ${NUMBER_WORDS[SCHOOLS.length]} partner schools`);
    expect(page('about-us').body).not.toMatch(/\d+\+? schools/);
  });

  it('every kind of class the hero names exists', () => {
    const kinds = landing.hero.eyebrow.split(' · ');
    const exists: Record<string, boolean> = {
      'After school': PROGRAMS.some((p) => p.classType === 'after_school'),
      Enrichment: PROGRAMS.some((p) => p.classType === 'enrichment'),
      'Weekend classes': PROGRAMS.some((p) => p.weekdays.some((d) => WEEKEND.includes(d))),
    };
    for (const kind of kinds) expect(exists[kind], `"${kind}" in the hero`).toBe(true);
    expect(JSON.stringify(CONTENT_PAGES)).not.toMatch(/camp/i);
  });

  it('an After School class meets on a school day after lunch, never on a weekend', () => {
    for (const p of PROGRAMS.filter((p) => p.classType === 'after_school')) {
      expect(
        p.weekdays.some((d) => WEEKEND.includes(d)),
        p.slug,
      ).toBe(false);
      expect(p.startTime >= '14:00', p.slug).toBe(true);
    }
  });

  it('the FAQ age range is the catalog range', () => {
    const answer = (page('faq-data').data as { items: { question: string; answer: string }[] }).items.find(
      (i) => i.question === 'What ages do you coach?',
    )!.answer;
    const youngest = Math.min(...PROGRAMS.flatMap((p) => (p.minAge === undefined ? [] : [p.minAge])));
    const topGrade = Math.max(...PROGRAMS.flatMap((p) => (p.maxGrade === undefined ? [] : [p.maxGrade])));
    expect(answer).toContain(`from age ${youngest} to grade ${topGrade}`);
  });
});
