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

export interface ContentPage<D = Record<string, unknown>> {
  key: string;
  title: string;
  description: string;
  /** Markdown; rendered without raw HTML. */
  body: string;
  data: D;
  version: number;
  updatedAt: string;
}

export interface LandingData {
  hero: { eyebrow: string; title: string; subtitle: string; primaryCta: string; secondaryCta: string };
  stats: { value: string; label: string }[];
  steps: { title: string; text: string }[];
}
export interface FaqData {
  items: { question: string; answer: string }[];
}
export interface WhyUsData {
  reasons: { title: string; text: string }[];
}
export interface SettingsData {
  companyName: string;
  tagline: string;
  phone: string;
  email: string;
  address: string;
  hours: string;
  social: { name: string; url: string }[];
}
export interface ContactData {
  phone: string;
  email: string;
  address: string;
  hours: string;
}
export interface BringToSchoolData {
  benefits: { title: string; text: string }[];
}

export interface ProgramTeaser {
  id: string;
  slug: string;
  title: string;
  sport: string;
  summary: string;
  classType: ClassType;
  locationType: LocationType;
  venueName: string | null;
  priceCents: number;
  currency: string;
}

export interface LandingPage extends ContentPage<LandingData> {
  featuredPrograms: ProgramTeaser[];
}

export interface Testimonial {
  id: string;
  authorName: string;
  authorRole: string;
  quote: string;
  rating: number;
}

/** Offers carry `_id`: the demo form takes `offerId` from the offer's `_id` (spec §3). */
export interface Offer {
  _id: string;
  title: string;
  description: string;
  badge: string | null;
  imageUrl: string | null;
  validUntil: string | null;
}

export interface School {
  id: string;
  slug: string;
  name: string;
  address: string;
  city: string;
  logoUrl: string | null;
}

export interface BringToSchoolPage {
  page: ContentPage<BringToSchoolData>;
  schools: School[];
}

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

/** Search-by labels (spec §1). */
export const SEARCH_BY = [
  { id: 'school', label: 'School Name' },
  { id: 'location', label: 'Class Location' },
] as const;

export const classTypeLabel = (id: ClassType) => CLASS_TYPES.find((c) => c.id === id)?.label ?? id;
export const locationTypeLabel = (id: LocationType) => LOCATION_TYPES.find((c) => c.id === id)?.label ?? id;
