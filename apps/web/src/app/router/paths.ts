/** Typed route registry: one place for every path the app links to. */
export const paths = {
  home: '/',
  programs: '/programs',
  aboutUs: '/about-us',
  whyUs: '/why-us',
  faq: '/faq',
  contactUs: '/contact-us',
  schools: '/bring-kikstart-to-my-school',
  privacyPolicy: '/privacy-policy',
  termsAndConditions: '/terms-and-conditions',
  photoPolicy: '/photo-policy',
  harassmentPolicy: '/harassment-policy',
  login: '/auth/login',
  profile: '/account/profile',
} as const;

export interface NavItem {
  label: string;
  to: string;
}

/** Main navigation, in header and drawer order. */
export const mainNav: NavItem[] = [
  { label: 'Home', to: paths.home },
  { label: 'Programs', to: paths.programs },
  { label: 'About', to: paths.aboutUs },
  { label: 'Why us', to: paths.whyUs },
  { label: 'FAQ', to: paths.faq },
  { label: 'Contact', to: paths.contactUs },
  { label: 'Schools', to: paths.schools },
];

export const policyNav: NavItem[] = [
  { label: 'Privacy policy', to: paths.privacyPolicy },
  { label: 'Terms and conditions', to: paths.termsAndConditions },
  { label: 'Photo policy', to: paths.photoPolicy },
  { label: 'Anti-harassment policy', to: paths.harassmentPolicy },
];
