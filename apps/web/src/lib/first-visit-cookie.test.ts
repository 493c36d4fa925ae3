import { describe, expect, it } from 'vitest';
import { opensOnArrival } from './first-visit-cookie.ts';

const firstVisit = { signedIn: false, firstTimeCookie: false, shownThisSession: false };

describe('the demo modal opens by itself (decision 0008)', () => {
  it('on a first visit to home, about, why us, FAQ and contact', () => {
    for (const pathname of ['/', '/about-us', '/why-us', '/faq', '/contact-us', '/faq/'])
      expect(opensOnArrival({ ...firstVisit, pathname }), pathname).toBe(true);
  });

  it('never over sign-in, account, mail-link, program or other pages', () => {
    for (const pathname of [
      '/auth/login',
      '/auth/signup',
      '/auth/verify-email',
      '/account',
      '/account/children',
      '/programs',
      '/programs/3f8a/enroll',
      '/newsletter/confirm',
      '/book-a-call',
      '/privacy-policy',
      '/bring-kikstart-to-my-school',
    ])
      expect(opensOnArrival({ ...firstVisit, pathname }), pathname).toBe(false);
  });

  it('not for a signed-in user, not after a request was sent, not twice in one browser session', () => {
    expect(opensOnArrival({ ...firstVisit, pathname: '/', signedIn: true })).toBe(false);
    expect(opensOnArrival({ ...firstVisit, pathname: '/', firstTimeCookie: true })).toBe(false);
    expect(opensOnArrival({ ...firstVisit, pathname: '/', shownThisSession: true })).toBe(false);
  });
});
