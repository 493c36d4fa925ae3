import { CLASS_TYPES, LOCATION_TYPES } from '@kikstart/contract/program-labels';
import type { ClassType, LocationType } from '@kikstart/contract/program-labels';

export type SearchBy = 'school' | 'location';

/** The catalog's search, as kept in the URL so back/forward and reload restore it. */
export interface CatalogFilters {
  searchBy: SearchBy;
  q: string;
  classType?: ClassType;
  locationType?: LocationType;
  /** 0 = kindergarten … 12. Grade and age are alternatives: at most one is set. */
  grade?: number;
  age?: number;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday?: number;
  page: number;
}

export const DEFAULT_FILTERS: CatalogFilters = { searchBy: 'school', q: '', page: 1 };
export const CATALOG_PAGE_SIZE = 12;

const intIn = (raw: string | null, min: number, max: number) => {
  if (raw === null || !/^\d{1,5}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
};

const oneOf = <T extends string>(raw: string | null, ids: readonly { id: T }[]) => ids.find((o) => o.id === raw)?.id;

/** URL → filters. Unknown or out-of-range values are dropped rather than sent to the API. */
export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters {
  const grade = intIn(params.get('grade'), 0, 12);
  return {
    searchBy: params.get('searchBy') === 'location' ? 'location' : 'school',
    q: (params.get('q') ?? '').slice(0, 100),
    classType: oneOf(params.get('classType'), CLASS_TYPES),
    locationType: oneOf(params.get('locationType'), LOCATION_TYPES),
    grade,
    age: grade === undefined ? intIn(params.get('age'), 3, 18) : undefined,
    weekday: intIn(params.get('weekday'), 1, 7),
    page: intIn(params.get('page'), 1, 10_000) ?? 1,
  };
}

/** Filters → URL; defaults are left out so a plain /programs stays plain. */
export function filtersToSearchParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.searchBy !== 'school') params.set('searchBy', filters.searchBy);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.classType) params.set('classType', filters.classType);
  if (filters.locationType) params.set('locationType', filters.locationType);
  if (filters.grade !== undefined) params.set('grade', String(filters.grade));
  else if (filters.age !== undefined) params.set('age', String(filters.age));
  if (filters.weekday !== undefined) params.set('weekday', String(filters.weekday));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Filters → GET /api/programs/all-list query. */
export function filtersToApiQuery(filters: CatalogFilters) {
  return {
    searchBy: filters.searchBy,
    q: filters.q.trim() || undefined,
    classType: filters.classType,
    locationType: filters.locationType,
    grade: filters.grade,
    age: filters.grade === undefined ? filters.age : undefined,
    weekday: filters.weekday,
    page: filters.page,
    limit: CATALOG_PAGE_SIZE,
  };
}

/** Any filter beyond the defaults (used by the empty state's "Clear filters"). */
export const hasActiveFilters = (f: CatalogFilters) =>
  !!f.q.trim() ||
  !!f.classType ||
  !!f.locationType ||
  f.grade !== undefined ||
  f.age !== undefined ||
  f.weekday !== undefined;

/**
 * How many of the filters behind the small screens' Filters button are set (class type,
 * location, grade or age, weekday); the search text has its own box and is not counted.
 */
export const activeFilterCount = (f: CatalogFilters) =>
  [f.classType, f.locationType, f.grade ?? f.age, f.weekday].filter((v) => v !== undefined).length;

/** A change to the search starts again on page 1. */
export const withFilter = (f: CatalogFilters, patch: Partial<Omit<CatalogFilters, 'page'>>): CatalogFilters => ({
  ...f,
  ...patch,
  page: 1,
});

/** The combined "Grade or age" select value: 'g:2', 'a:7' or ''. */
export const gradeAgeValue = (f: Pick<CatalogFilters, 'grade' | 'age'>) =>
  f.grade !== undefined ? `g:${f.grade}` : f.age !== undefined ? `a:${f.age}` : '';

export function parseGradeAge(value: string): Pick<CatalogFilters, 'grade' | 'age'> {
  const match = /^([ga]):(\d+)$/.exec(value);
  if (!match) return { grade: undefined, age: undefined };
  const n = Number(match[2]);
  return match[1] === 'g' ? { grade: n, age: undefined } : { grade: undefined, age: n };
}
