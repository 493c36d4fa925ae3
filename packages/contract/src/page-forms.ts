/**
 * The lead forms a server-rendered page also takes as a plain HTML form (decision 0033): with
 * no script running, the browser posts the fields to the page's own address, and the server hands
 * them to the form's JSON route (its schema, rate limit, honeypot and service) and answers with
 * the same page showing the outcome. Imports nothing.
 */

/** The hidden field that names which form of the page was posted. */
export const PAGE_FORM_FIELD = '_form';

/** Each form and the JSON route (under /api) that takes its fields. */
export const PAGE_FORMS = {
  demo: '/demo/create',
  callBooking: '/call-booking/submit',
  schoolRequest: '/bringKikStartToMySchool/request',
  enquiry: '/enquiry/create',
  contact: '/contact-us/submit',
  newsletter: '/newsletter/add',
} as const;
export type PageFormId = keyof typeof PAGE_FORMS;

export const isPageFormId = (value: unknown): value is PageFormId =>
  typeof value === 'string' && Object.hasOwn(PAGE_FORMS, value);

/** What a posted form came to, rendered into the page that answers the post. */
export interface PageFormResult {
  form: PageFormId;
  /** The JSON route took it: `message` is its success message and the form starts blank. */
  sent: boolean;
  /** The route's message: its success, or what went wrong when no field says it. */
  message: string;
  /** What was posted, shown again in the fields (empty once sent). */
  values: Record<string, string>;
  /** Each field's message from the route's schema (the spec's words), shown under the field. */
  errors: Record<string, string>;
}
