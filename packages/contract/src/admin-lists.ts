import { z } from 'zod';

/**
 * What every staff-console list takes and answers: tables page, sort and filter on the server
 * (GUIDE §3). Each list adds its own filters with `.extend` and names its sortable columns.
 */
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ADMIN_SEARCH_MAX = 100;

/** `sort` is a column name, or `-name` for descending; the list answers 400 for a name it does not sort by. */
export const adminListQuerySchema = <const Sort extends readonly [string, ...string[]]>(sortable: Sort) =>
  z.object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine(
        (n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n),
        `Page size must be one of ${ADMIN_PAGE_SIZES.join(', ')}`,
      )
      .default(25),
    q: z.string().trim().max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`).optional(),
    sort: z
      .enum([...sortable, ...sortable.map((s) => `-${s}`)] as [string, ...string[]], {
        error: `Sort by one of: ${sortable.join(', ')}`,
      })
      .optional(),
  });

/** One page of a staff list. */
export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Rows matching the filters, across all pages. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
