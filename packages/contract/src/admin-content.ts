import { z } from 'zod';
import { adminListQuerySchema, adminPageSchema } from './admin-lists.ts';
import { INVALID_CHARACTERS, MAX_SHORT_TEXT, emailField, isCleanText, requiredText } from './common.ts';
import { contentPageSchema } from './content.ts';
import { PHONE_MESSAGES, nationalDigits, phoneProblem } from './phone.ts';

/**
 * The staff console's content editors (issue 15): the Markdown pages, the structured parts of the
 * landing page, contact page, footer, FAQ and why-us, and the waiver's versions. Every save
 * carries the `version` the editor loaded, so a second editor's save never silently overwrites
 * the first one's (409 instead).
 */

export const CONTENT_LIMITS = {
  title: 120,
  description: 300,
  /** The longest seeded page is under 2,000 characters; ten times that is a long policy. */
  body: 20_000,
  itemText: 1_000,
  statValue: 20,
  listItems: 40,
} as const;

export const CONTENT_MESSAGES = {
  saved: 'Saved. The public site shows it now',
  waiverPublished: 'Published. New enrollments sign this version',
  conflict: 'Someone else saved this content since you opened it. Reload to see their changes, then edit again',
  waiverConflict: 'Someone else published a waiver version since you opened it. Reload to see it, then edit again',
  notFound: 'There is no such content page',
  noHtml: 'Use Markdown, not HTML: tags such as <script> are not shown on the site',
  unsafeLink: 'Links must start with https://, http://, mailto:, tel: or /',
  socialUrl: 'Enter a full address starting with https://',
  waiverBody: 'The waiver text is required',
  tooManyItems: `At most ${CONTENT_LIMITS.listItems} items`,
} as const;

/**
 * Pages whose title, description and Markdown body staff edit. The waiver is not here: a new
 * waiver text is a new version (waiver endpoints), since signatures point at the one they read.
 * The landing page and the footer settings have no body; their structured editors cover them.
 */
export const MARKDOWN_PAGES = [
  { key: 'about-us', label: 'About us' },
  { key: 'why-us-data', label: 'Why us' },
  { key: 'faq-data', label: 'FAQ' },
  { key: 'contact-us-data', label: 'Contact us' },
  { key: 'bring-to-my-school', label: 'Bring KikStart to my school' },
  { key: 'photo-policy', label: 'Photo policy' },
  { key: 'harassment-policy', label: 'Anti-harassment policy' },
  { key: 'terms-and-conditions', label: 'Terms and conditions' },
  { key: 'privacy-policy', label: 'Privacy policy' },
] as const;
export type MarkdownPageKey = (typeof MARKDOWN_PAGES)[number]['key'];
export const isMarkdownPageKey = (key: string): key is MarkdownPageKey => MARKDOWN_PAGES.some((p) => p.key === key);

/** Structured editors: the path under /admin/content and the stored page key each one writes. */
export const STRUCTURED_CONTENT = {
  landing: 'landing-page',
  contact: 'contact-us-data',
  footer: 'settings-data',
  faq: 'faq-data',
  'why-us': 'why-us-data',
} as const;
export type StructuredContent = keyof typeof STRUCTURED_CONTENT;
export const WAIVER_PAGE_KEY = 'waiver-data';

// Raw HTML is never rendered (react-markdown drops it), so a tag in the text is a mistake or an
// attack either way: refuse it with a message instead of saving text the site silently loses.
const HTML_TAG = /<\/?[a-z][^>]*>/i;
// Inline `](url)` and reference `]: url` link targets with a scheme that runs code or embeds data.
const UNSAFE_LINK =
  /\]\(\s*<?\s*(?:javascript|vbscript|data|file)\s*:|\]:\s*<?\s*(?:javascript|vbscript|data|file)\s*:/i;

/** A Markdown body as the public pages render it (components/markdown.tsx): no HTML, no script links. */
export const markdownField = (max: number = CONTENT_LIMITS.body) =>
  z
    .string({ error: 'Text is required' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => isCleanText(v), INVALID_CHARACTERS)
    .refine((v) => !HTML_TAG.test(v), CONTENT_MESSAGES.noHtml)
    .refine((v) => !UNSAFE_LINK.test(v), CONTENT_MESSAGES.unsafeLink);

/** One line of plain text (React escapes it; the limits keep it sane). */
const line = (label: string, max: number = MAX_SHORT_TEXT) =>
  requiredText(`${label} is required`, max, { lines: false });
const paragraph = (label: string, max: number = CONTENT_LIMITS.itemText) => requiredText(`${label} is required`, max);
const hidden = z.boolean({ error: 'Hidden must be true or false' }).default(false);
const list = <T extends z.ZodType>(item: T) =>
  z.array(item).max(CONTENT_LIMITS.listItems, CONTENT_MESSAGES.tooManyItems);
const versionField = z
  .number({ error: 'Reload the page: the version you edited is missing' })
  .int()
  .min(1)
  .max(2_147_483_647);

/** Shown as typed (415-555-0142), checked like every phone number. */
const displayPhone = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .max(40, PHONE_MESSAGES.digits)
  .superRefine((value, ctx) => {
    const digits = nationalDigits(value);
    const problem = phoneProblem(digits);
    if (problem) ctx.addIssue({ code: 'custom', message: digits ? problem : PHONE_MESSAGES.required });
  })
  .refine((v) => isCleanText(v, { lines: false }), INVALID_CHARACTERS);

const httpsUrl = z
  .string({ error: CONTENT_MESSAGES.socialUrl })
  .trim()
  .max(300, 'Must be at most 300 characters')
  .refine((v) => {
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, CONTENT_MESSAGES.socialUrl);

export const markdownPageEditSchema = z.object({
  version: versionField,
  title: line('Title', CONTENT_LIMITS.title),
  description: line('Description', CONTENT_LIMITS.description),
  body: markdownField(),
});
export type MarkdownPageEdit = z.infer<typeof markdownPageEditSchema>;

export const landingEditSchema = z.object({
  version: versionField,
  hero: z.object({
    eyebrow: line('Eyebrow'),
    title: line('Title', CONTENT_LIMITS.title),
    subtitle: paragraph('Subtitle', 400),
    primaryCta: line('Primary button', 40),
    secondaryCta: line('Secondary button', 40),
  }),
  stats: list(z.object({ value: line('Value', CONTENT_LIMITS.statValue), label: line('Label', 80), hidden })),
  steps: list(z.object({ title: line('Title', CONTENT_LIMITS.title), text: paragraph('Text'), hidden })),
});
export type LandingEdit = z.infer<typeof landingEditSchema>;

export const contactEditSchema = z.object({
  version: versionField,
  phone: displayPhone,
  email: emailField,
  address: line('Address'),
  hours: line('Hours'),
});
export type ContactEdit = z.infer<typeof contactEditSchema>;

export const footerEditSchema = contactEditSchema.extend({
  companyName: line('Company name', CONTENT_LIMITS.title),
  tagline: line('Tagline'),
  social: list(z.object({ name: line('Name', 40), url: httpsUrl })),
});
export type FooterEdit = z.infer<typeof footerEditSchema>;

export const faqEditSchema = z.object({
  version: versionField,
  items: list(z.object({ question: line('Question'), answer: paragraph('Answer', 2_000), hidden })),
});
export type FaqEdit = z.infer<typeof faqEditSchema>;

export const whyUsEditSchema = z.object({
  version: versionField,
  reasons: list(z.object({ title: line('Title', CONTENT_LIMITS.title), text: paragraph('Text'), hidden })),
});
export type WhyUsEdit = z.infer<typeof whyUsEditSchema>;

export const STRUCTURED_EDIT_SCHEMAS = {
  landing: landingEditSchema,
  contact: contactEditSchema,
  footer: footerEditSchema,
  faq: faqEditSchema,
  'why-us': whyUsEditSchema,
} as const satisfies Record<StructuredContent, z.ZodType>;

/** A stored page as staff see it: hidden list items included (the public answer leaves them out). */
export const adminContentPageSchema = contentPageSchema;

export const adminContentPageListSchema = z.array(
  z.object({ key: z.string(), title: z.string(), version: z.number(), updatedAt: z.string() }),
);
export type AdminContentPageListItem = z.infer<typeof adminContentPageListSchema>[number];

export const contentKeyParams = z.object({ key: z.string().max(64, CONTENT_MESSAGES.notFound) });

// Waiver versions.
export const waiverPublishSchema = z.object({
  /** The current version the editor started from. */
  basedOn: versionField,
  body: markdownField().pipe(z.string().min(1, CONTENT_MESSAGES.waiverBody)),
});
export type WaiverPublish = z.infer<typeof waiverPublishSchema>;

export const waiverVersionSummarySchema = z.object({
  version: z.number(),
  title: z.string(),
  publishedAt: z.string(),
  /** The staff member who published it; null for the first text and for deleted accounts. */
  publishedBy: z.string().nullable(),
  /** Enrollments whose guardian signed this text. */
  signatures: z.number(),
  current: z.boolean(),
});
export type WaiverVersionSummary = z.infer<typeof waiverVersionSummarySchema>;
export const waiverVersionSchema = waiverVersionSummarySchema.extend({ body: z.string() });
export type WaiverVersion = z.infer<typeof waiverVersionSchema>;

export const WAIVER_VERSION_SORTS = ['version', 'publishedAt'] as const;
export const waiverVersionListQuerySchema = adminListQuerySchema(WAIVER_VERSION_SORTS);
export const waiverVersionPageSchema = adminPageSchema(waiverVersionSummarySchema);
export const waiverVersionParams = z.object({
  version: z.coerce
    .number({ error: 'Must be a version number' })
    .int('Must be a version number')
    .min(1, 'Must be a version number')
    .max(2_147_483_647, 'Must be a version number'),
});
