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

// The program kinds live in their own module (programs.ts uses them too); the web has always
// imported them from here.
export {
  CLASS_TYPES,
  LOCATION_TYPES,
  classTypeLabel,
  classTypeSchema,
  locationTypeLabel,
  locationTypeSchema,
  type ClassType,
  type LocationType,
} from './program-kinds.ts';

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

/** The home page's content; its featured programs are the catalog's first open programs (GET /programs/all-list). */
export const landingPageSchema = contentPageSchema;
export type LandingPage = ContentPage<LandingData>;

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

/** Search-by labels (spec §1), kept zod-free in program-labels.ts. */
export { SEARCH_BY } from './program-labels.ts';
