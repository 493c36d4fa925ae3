import Cookies from 'js-cookie';
import { paths } from './paths.ts';

/** Records a finished first visit; without it the demo modal opens (spec §2, §4, §9: path /). */
export const FIRST_TIME_COOKIE = 'kikstart_first_time';
/**
 * A session cookie (no expiry): the modal opened by itself once in this browser session, so
 * reloads and new tabs leave it closed until the browser is closed (decision 0008).
 */
export const DEMO_SHOWN_COOKIE = 'kikstart_demo_shown';
const COOKIE_DAYS = 365;

/**
 * The class of the demo modal a server-rendered page came with, open (a first visit): without
 * scripts it could not be closed, so such a page hides it then (a `<noscript>` style, entry-server.tsx).
 */
export const DEMO_IN_PAGE_CLASS = 'kikstart-demo-in-page';

/**
 * The only pages the modal opens on by itself: the marketing pages a school reads. Never over
 * sign-in, account, mail-link or program pages, where a person came to do something else.
 */
export const DEMO_AUTO_OPEN_PATHS: readonly string[] = [
  paths.home,
  paths.aboutUs,
  paths.whyUs,
  paths.faq,
  paths.contactUs,
];

const cookieOptions = () => ({ path: '/', sameSite: 'Lax' as const, secure: window.location.protocol === 'https:' });

export const hasFirstTimeCookie = (): boolean => Cookies.get(FIRST_TIME_COOKIE) !== undefined;
export const demoShownThisSession = (): boolean => Cookies.get(DEMO_SHOWN_COOKIE) !== undefined;

/** After a successful demo request: the value is 'false' (no longer a first visit). */
export function markFirstVisitDone() {
  Cookies.set(FIRST_TIME_COOKIE, 'false', { ...cookieOptions(), expires: COOKIE_DAYS });
}

export function markDemoShownThisSession() {
  Cookies.set(DEMO_SHOWN_COOKIE, '1', cookieOptions());
}

export interface ArrivalFacts {
  pathname: string;
  signedIn: boolean;
  firstTimeCookie: boolean;
  shownThisSession: boolean;
}

/**
 * Whether arriving at `pathname` opens the modal by itself: the spec's first visit (no
 * first-time cookie), not yet shown in this browser session, a signed-out visitor, and one of
 * the marketing pages. The header, hero and offer buttons open it whenever asked.
 */
export function opensOnArrival({ pathname, signedIn, firstTimeCookie, shownThisSession }: ArrivalFacts): boolean {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !firstTimeCookie && !shownThisSession && !signedIn && DEMO_AUTO_OPEN_PATHS.includes(page);
}
