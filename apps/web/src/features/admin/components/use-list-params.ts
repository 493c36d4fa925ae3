import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZES } from '@kikstart/contract/admin-lists';

/**
 * A staff list's page, size, sort, search and filters, kept in the URL: a reload, the back button
 * and a shared link show the same rows. `filters` names the list's own extra keys.
 */
export function useListParams<const F extends string = never>(filters: readonly F[] = []) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('pageSize'));
  const pageSize = (ADMIN_PAGE_SIZES as readonly number[]).includes(size) ? size : 25;
  const sort = params.get('sort') ?? undefined;
  const q = params.get('q') ?? '';
  const filterValues = Object.fromEntries(filters.map((f) => [f, params.get(f) ?? ''])) as Record<F, string>;

  // React Router's updater is handed the address as of the last render, not the latest change:
  // two edits before the next render (typing a date, then a filter) would keep only the second.
  // Changes made since that render are kept here and built on, until the address shows them.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);

  /** Changes some keys; any change but the page goes back to page 1. */
  const update = (changes: Partial<Record<'page' | 'pageSize' | 'sort' | 'q' | F, string | number | undefined>>) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    pending.current = next;
    setParams(next, { replace: true });
  };

  /** The query string for the API call: only what is set. */
  const query = new URLSearchParams(
    Object.entries({ page, pageSize, sort, q, ...filterValues }).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
    ) as [string, string][],
  ).toString();

  return { page, pageSize, sort, q, filters: filterValues, update, query };
}
export type ListParams = ReturnType<typeof useListParams>;
