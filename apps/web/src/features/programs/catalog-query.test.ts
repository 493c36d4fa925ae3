import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  activeFilterCount,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  gradeAgeValue,
  hasActiveFilters,
  parseGradeAge,
  withFilter,
} from './catalog-query.ts';

const parse = (qs: string) => filtersFromSearchParams(new URLSearchParams(qs));

describe('catalog query string ↔ filters', () => {
  it('an empty query string gives the defaults, and the defaults give an empty query string', () => {
    expect(parse('')).toEqual({
      ...DEFAULT_FILTERS,
      classType: undefined,
      locationType: undefined,
      grade: undefined,
      age: undefined,
      weekday: undefined,
    });
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const qs = 'searchBy=location&q=Oakland&classType=enrichment&locationType=public_class&grade=0&weekday=6&page=3';
    const filters = parse(qs);
    expect(filters).toMatchObject({
      searchBy: 'location',
      q: 'Oakland',
      classType: 'enrichment',
      locationType: 'public_class',
      grade: 0,
      weekday: 6,
      page: 3,
    });
    expect(filtersToSearchParams(filters).toString()).toBe(qs);
  });

  it('drops unknown and out-of-range values instead of sending them', () => {
    expect(parse('searchBy=planet&classType=karate&locationType=moon&grade=13&age=2&weekday=8&page=0')).toMatchObject({
      searchBy: 'school',
      classType: undefined,
      locationType: undefined,
      grade: undefined,
      age: undefined,
      weekday: undefined,
      page: 1,
    });
    expect(parse('grade=1.5&age=abc').grade).toBeUndefined();
  });

  it('grade wins over age: they are alternatives', () => {
    expect(parse('grade=3&age=8')).toMatchObject({ grade: 3, age: undefined });
    expect(parse('age=8')).toMatchObject({ grade: undefined, age: 8 });
    expect(filtersToSearchParams({ ...DEFAULT_FILTERS, grade: 2, age: 9 }).toString()).toBe('grade=2');
  });

  it('trims the search text and leaves blank text out', () => {
    expect(filtersToSearchParams({ ...DEFAULT_FILTERS, q: '  Lincoln ' }).toString()).toBe('q=Lincoln');
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, q: '   ' }).q).toBeUndefined();
  });

  it('builds the API query with the page size', () => {
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, searchBy: 'location', q: 'Park', weekday: 6, page: 2 })).toEqual({
      searchBy: 'location',
      q: 'Park',
      classType: undefined,
      locationType: undefined,
      grade: undefined,
      age: undefined,
      weekday: 6,
      page: 2,
      limit: 12,
    });
  });

  it('changing a filter goes back to page 1; hasActiveFilters ignores search-by and page', () => {
    expect(withFilter({ ...DEFAULT_FILTERS, page: 4 }, { weekday: 2 })).toMatchObject({ weekday: 2, page: 1 });
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, searchBy: 'location', page: 3 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, age: 7 })).toBe(true);
  });

  it('maps the combined grade-or-age select', () => {
    expect(gradeAgeValue({ grade: 0 })).toBe('g:0');
    expect(gradeAgeValue({ age: 7 })).toBe('a:7');
    expect(gradeAgeValue({})).toBe('');
    expect(parseGradeAge('g:5')).toEqual({ grade: 5, age: undefined });
    expect(parseGradeAge('a:10')).toEqual({ grade: undefined, age: 10 });
    expect(parseGradeAge('')).toEqual({ grade: undefined, age: undefined });
  });

  it('counts the filters behind the Filters button (grade or age once; not the search text)', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, q: 'Lincoln', searchBy: 'location', page: 2 })).toBe(0);
    expect(activeFilterCount(parse('classType=enrichment&weekday=6'))).toBe(2);
    expect(activeFilterCount(parse('classType=enrichment&locationType=public_class&age=7&weekday=1'))).toBe(4);
    // Kindergarten is grade 0: a set filter, though falsy.
    expect(activeFilterCount(parse('grade=0'))).toBe(1);
  });
});
