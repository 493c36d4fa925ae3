/**
 * The public pages: server-rendered with their content (decision 0027) and listed in
 * /sitemap.xml. The web app's route registry takes these same paths, so the sitemap cannot list
 * a page that moved. Imports nothing.
 */
export const PUBLIC_PAGE_PATHS = {
  home: '/',
  programs: '/programs',
  aboutUs: '/about-us',
  whyUs: '/why-us',
  faq: '/faq',
  contactUs: '/contact-us',
  schools: '/bring-kikstart-to-my-school',
  bookCall: '/book-a-call',
  /** The demo request as a page: where the header's button leads without scripts (decision 0033). */
  requestDemo: '/request-a-demo',
  becomeCoach: '/become-a-coach',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  photoPolicy: '/photo-policy',
  harassmentPolicy: '/harassment-policy',
} as const;

/** One program's page (`:id` is the program's id); the sitemap lists one per open program. */
export const PROGRAM_PAGE_PATH = '/programs/:id';

export const programPagePath = (id: string) => PROGRAM_PAGE_PATH.replace(':id', encodeURIComponent(id));
