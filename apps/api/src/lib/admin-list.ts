import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Server-side paging and sorting for staff lists (contract/admin-lists.ts): the query's page and
 * size become limit/offset, and `sort` ("name" or "-name") one of the columns the list allows.
 */
export function pageWindow(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export function orderFrom<const K extends string>(
  sort: string | undefined,
  columns: Record<K, AnyColumn | SQL>,
  fallback: SQL,
): SQL[] {
  if (!sort) return [fallback];
  const descending = sort.startsWith('-');
  const column = columns[(descending ? sort.slice(1) : sort) as K];
  if (!column) return [fallback];
  // The fallback last keeps pages stable when many rows share the sorted value.
  return [descending ? desc(column) : asc(column), fallback];
}

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
