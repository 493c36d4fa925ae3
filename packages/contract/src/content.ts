import { z } from 'zod';

/** Content endpoints: path under /api/cms → stored page key (spec §7 Content). */
export const CMS_PAGES = {
  'about-us': 'about-us',
  'faq-data': 'faq-data',
  'landing-page': 'landing-page',
  'why-us-data': 'why-us-data',
  'settings-data': 'settings-data',
  'contact-us-data': 'contact-us-data',
  'waiver-data': 'waiver-data',
  'photo-policy': 'photo-policy',
  'harassment-policy': 'harassment-policy',
  'terms-and-conditions': 'terms-and-conditions',
  'privacy-policy': 'privacy-policy',
} as const;
export type CmsPath = keyof typeof CMS_PAGES;

/** Class type labels (spec §1). */
export const CLASS_TYPES = [
  { id: 'enrichment', label: 'Enrichment' },
  { id: 'after_school', label: 'After School' },
] as const;
export type ClassType = (typeof CLASS_TYPES)[number]['id'];
export const classTypeSchema = z.enum(CLASS_TYPES.map((c) => c.id) as [ClassType, ...ClassType[]]);

/** Class-location options (spec §1). */
export const LOCATION_TYPES = [
  { id: 'at_my_school', label: 'At My School' },
  { id: 'public_class', label: 'Public Class Near Me' },
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number]['id'];
export const locationTypeSchema = z.enum(LOCATION_TYPES.map((c) => c.id) as [LocationType, ...LocationType[]]);

/** A stored content page; `data` holds the page's own structured fields (LandingData, FaqData, …). */
export const contentPageSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  /** Markdown; rendered without raw HTML. */
  body: z.string(),
  data: z.record(z.string(), z.unknown()),
  version: z.number(),
  updatedAt: z.string(),
});
export type ContentPage<D = Record<string, unknown>> = Omit<z.infer<typeof contentPageSchema>, 'data'> & { data: D };

export type LandingData = {
  hero: { eyebrow: string; title: string; subtitle: string; primaryCta: string; secondaryCta: string };
  stats: { value: string; label: string }[];
  steps: { title: string; text: string }[];
};
export type FaqData = {
  items: { question: string; answer: string }[];
};
export type WhyUsData = {
  reasons: { title: string; text: string }[];
};
export type SettingsData = {
  companyName: string;
  tagline: string;
  phone: string;
  email: string;
  address: string;
  hours: string;
  social: { name: string; url: string }[];
};
export type ContactData = {
  phone: string;
  email: string;
  address: string;
  hours: string;
};
export type BringToSchoolData = {
  benefits: { title: string; text: string }[];
};

export const programTeaserSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  sport: z.string(),
  summary: z.string(),
  classType: classTypeSchema,
  locationType: locationTypeSchema,
  venueName: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
});
export type ProgramTeaser = z.infer<typeof programTeaserSchema>;

export const landingPageSchema = contentPageSchema.extend({ featuredPrograms: z.array(programTeaserSchema) });
export type LandingPage = ContentPage<LandingData> & { featuredPrograms: ProgramTeaser[] };

export const testimonialSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  authorRole: z.string(),
  quote: z.string(),
  rating: z.number(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/**
 * What an offer's button does: a school offer opens the demo request for it; a family offer
 * (the sibling discount, the refund rule) leads to the programs, where the checkout applies it.
 */
export const OFFER_ACTIONS = ['request_demo', 'browse_programs'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** Offers carry `_id`: the demo form takes `offerId` from the offer's `_id` (spec §3). */
export const offerSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  badge: z.string().nullable(),
  imageUrl: z.string().nullable(),
  validUntil: z.string().nullable(),
  action: z.enum(OFFER_ACTIONS),
});
export type Offer = z.infer<typeof offerSchema>;

export const schoolSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  logoUrl: z.string().nullable(),
});
export type School = z.infer<typeof schoolSchema>;

export const bringToSchoolPageSchema = z.object({ page: contentPageSchema, schools: z.array(schoolSchema) });
export type BringToSchoolPage = { page: ContentPage<BringToSchoolData>; schools: School[] };

/** Search-by labels (spec §1). */
export const SEARCH_BY = [
  { id: 'school', label: 'School Name' },
  { id: 'location', label: 'Class Location' },
] as const;

export const classTypeLabel = (id: ClassType) => CLASS_TYPES.find((c) => c.id === id)?.label ?? id;
export const locationTypeLabel = (id: LocationType) => LOCATION_TYPES.find((c) => c.id === id)?.label ?? id;
