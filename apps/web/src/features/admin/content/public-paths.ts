import { MARKDOWN_PAGES, type MarkdownPageKey } from '@kikstart/contract/admin-content';
import { paths } from '../../../lib/paths.ts';

/** Where families read each Markdown page. */
export const PUBLIC_PAGE_PATHS: Record<MarkdownPageKey, string> = {
  'about-us': paths.aboutUs,
  'why-us-data': paths.whyUs,
  'faq-data': paths.faq,
  'contact-us-data': paths.contactUs,
  'bring-to-my-school': paths.schools,
  'photo-policy': paths.photoPolicy,
  'harassment-policy': paths.harassmentPolicy,
  'terms-and-conditions': paths.termsAndConditions,
  'privacy-policy': paths.privacyPolicy,
};

export const markdownPageLabel = (key: string) => MARKDOWN_PAGES.find((p) => p.key === key)?.label;

/** The structured editors, as the content list shows them. */
export const STRUCTURED_EDITORS = [
  { path: 'landing', key: 'landing-page', label: 'Home page', summary: 'Hero text, stats and the three steps' },
  { path: 'faq', key: 'faq-data', label: 'FAQ questions', summary: 'Questions and answers, in order' },
  { path: 'why-us', key: 'why-us-data', label: 'Why-us reasons', summary: 'The reasons families choose KikStart' },
  { path: 'contact', key: 'contact-us-data', label: 'Contact details', summary: 'Phone, email, address and hours' },
  { path: 'footer', key: 'settings-data', label: 'Footer', summary: 'Company details and social links' },
  { path: 'waiver', key: 'waiver-data', label: 'Waiver', summary: 'Publish a new version; earlier ones stay kept' },
] as const;
