import Cookies from 'js-cookie';

/** Records a finished first visit; without it the demo modal opens (spec §2, §4, §9: path /). */
export const FIRST_TIME_COOKIE = 'kikstart_first_time';
const COOKIE_DAYS = 365;

export const hasFirstTimeCookie = (): boolean => Cookies.get(FIRST_TIME_COOKIE) !== undefined;

/** After a successful demo request: the value is 'false' (no longer a first visit). */
export function markFirstVisitDone() {
  Cookies.set(FIRST_TIME_COOKIE, 'false', {
    path: '/',
    sameSite: 'Lax',
    secure: window.location.protocol === 'https:',
    expires: COOKIE_DAYS,
  });
}
