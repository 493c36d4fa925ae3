import { like, or, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@kikstart/db';

/** 'Lincoln Soccer Stars!' → 'lincoln-soccer-stars' (ASCII letters and digits, at most 60 characters). */
export function slugify(text: string) {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'item';
}

/**
 * A slug made from `text` that no row of `table` has yet: the name itself, else the name with
 * the lowest free number (`-2`, `-3`…). Slugs are set once at creation, so links keep working
 * when a name is edited; the unique index still decides a race between two creations.
 */
export async function uniqueSlug(db: Db, table: PgTable, column: AnyPgColumn, text: string) {
  const base = slugify(text);
  const taken = new Set(
    (
      await db
        .select({ slug: column })
        .from(table)
        .where(or(eq(column, base), like(column, `${base}-%`)))
    ).map((r) => r.slug as string),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
