/**
 * The program kinds, grades and search-by options as data and labels only: no zod, so the public
 * pages that show them (program cards, the catalog) do not download the validation library
 * (decision 0027). The schemas built from these live in program-kinds.ts and children.ts.
 */

/** Class type labels (spec §1). */
export const CLASS_TYPES = [
  { id: 'enrichment', label: 'Enrichment' },
  { id: 'after_school', label: 'After School' },
] as const;
export type ClassType = (typeof CLASS_TYPES)[number]['id'];

/** Class-location options (spec §1). */
export const LOCATION_TYPES = [
  { id: 'at_my_school', label: 'At My School' },
  { id: 'public_class', label: 'Public Class Near Me' },
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number]['id'];

export const classTypeLabel = (id: ClassType) => CLASS_TYPES.find((c) => c.id === id)?.label ?? id;
export const locationTypeLabel = (id: LocationType) => LOCATION_TYPES.find((c) => c.id === id)?.label ?? id;

/** Search-by labels (spec §1). */
export const SEARCH_BY = [
  { id: 'school', label: 'School Name' },
  { id: 'location', label: 'Class Location' },
] as const;

/** Grades K (0) to 12. */
export const GRADES = Array.from({ length: 13 }, (_, id) => ({ id, label: id === 0 ? 'K' : String(id) }));
export const gradeLabel = (grade: number) => (grade === 0 ? 'K' : String(grade));
