import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { contentPages, offers, schools, testimonials } from '@kikstart/db';
import { fixedQuery, type Placeholders } from '@kikstart/db/fixed-query';
import type {
  ContentPage,
  LandingPage,
  Offer,
  School,
  Testimonial,
  BringToSchoolPage,
  BringToSchoolData,
  LandingData,
} from '@kikstart/contract/content';
import { AppError } from '../../lib/errors.ts';

const uploadUrl = (path: string | null) => (path ? `/uploads/${path}` : null);

/**
 * The public site's reads are fixed queries (fixed-query.ts), built once per process: every
 * public page asks for them, and building a statement with Drizzle cost about a sixth of the API's
 * CPU on /cms/landing-page.
 */
const contentPageByKey = fixedQuery((db, p: Placeholders<{ key: string }>) =>
  db.select().from(contentPages).where(eq(contentPages.key, p.key)),
);

export async function getContentPage<D = Record<string, unknown>>(db: Db, key: string): Promise<ContentPage<D>> {
  const [row] = await contentPageByKey(db, { key });
  if (!row) throw new AppError('NOT_FOUND', 'This page has not been published yet');
  return { ...row, data: visibleData(row.data) as D, updatedAt: row.updatedAt.toISOString() };
}

/**
 * What the public sees of a page's structured part: list items staff hid (FAQ, why-us, stats,
 * steps) are left out here, on the server, so a hidden item never reaches a browser.
 */
export function visibleData(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? value
            .filter((item) => !(isRecord(item) && item.hidden === true))
            .map((item) =>
              isRecord(item) ? Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'hidden')) : item,
            )
        : value,
    ]),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const getLandingPage = (db: Db): Promise<LandingPage> => getContentPage<LandingData>(db, 'landing-page');

const publishedTestimonials = fixedQuery((db) =>
  db
    .select({
      id: testimonials.id,
      authorName: testimonials.authorName,
      authorRole: testimonials.authorRole,
      quote: testimonials.quote,
      rating: testimonials.rating,
    })
    .from(testimonials)
    .where(eq(testimonials.published, true))
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.createdAt)),
);

export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return publishedTestimonials(db, {});
}

/** Published offers that have not expired. */
const currentOffers = fixedQuery((db) =>
  db
    .select()
    .from(offers)
    .where(and(eq(offers.published, true), or(isNull(offers.validUntil), gte(offers.validUntil, sql`current_date`))))
    .orderBy(asc(offers.sortOrder), asc(offers.createdAt)),
);

export async function listOffers(db: Db): Promise<Offer[]> {
  const rows = await currentOffers(db, {});
  return rows.map((o) => ({
    _id: o.id,
    title: o.title,
    description: o.description,
    badge: o.badge,
    imageUrl: uploadUrl(o.imagePath),
    validUntil: o.validUntil,
    action: o.action,
  }));
}

export async function listSchools(db: Db, options: { partnersOnly?: boolean } = {}): Promise<School[]> {
  const rows = await db
    .select()
    .from(schools)
    .where(options.partnersOnly ? eq(schools.isPartner, true) : undefined)
    .orderBy(asc(schools.name));
  return rows.map((s) => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    address: s.address,
    city: s.city,
    logoUrl: uploadUrl(s.logoPath),
  }));
}

export async function getBringToSchoolPage(db: Db): Promise<BringToSchoolPage> {
  const [page, partnerSchools] = await Promise.all([
    getContentPage<BringToSchoolData>(db, 'bring-to-my-school'),
    listSchools(db, { partnersOnly: true }),
  ]);
  return { page, schools: partnerSchools };
}
