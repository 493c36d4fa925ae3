import { asc } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { programs } from '@kikstart/db';
import { PUBLIC_PAGE_PATHS, programPagePath } from '@kikstart/contract/public-pages';
import { openProgram } from '../programs/programs.service.ts';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Upper bound on listed programs: one sitemap file holds 50,000 addresses. */
const MAX_PROGRAMS = 45_000;

/**
 * /sitemap.xml: every public page and every open program's page (the same programs the catalog
 * lists), built per request so a program staff publish is listed at once.
 */
export async function buildSitemap({ db, publicUrl }: { db: Db; publicUrl: string }): Promise<string> {
  const rows = await db
    .select({ id: programs.id, updatedAt: programs.updatedAt })
    .from(programs)
    .where(openProgram())
    .orderBy(asc(programs.id))
    .limit(MAX_PROGRAMS);
  const urls = [
    ...Object.values(PUBLIC_PAGE_PATHS).map((path) => ({ loc: `${publicUrl}${path}`, lastmod: null as string | null })),
    ...rows.map((row) => ({
      loc: `${publicUrl}${programPagePath(row.id)}`,
      lastmod: row.updatedAt.toISOString(),
    })),
  ];
  const entries = urls.map(
    ({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * /robots.txt: crawlers may read the public site; account, staff, checkout and mail-link pages
 * and the API are nothing to index.
 */
export function robotsTxt({ publicUrl }: { publicUrl: string }): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /account',
    'Disallow: /admin',
    'Disallow: /coach',
    'Disallow: /auth/',
    'Disallow: /checkout/',
    'Disallow: /family/',
    'Disallow: /newsletter/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
