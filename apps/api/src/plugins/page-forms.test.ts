import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBookings, demoRequests, enquiries, newsletterSubscribers, schoolRequests } from '@kikstart/db';
import { DEMO_MESSAGES, LEAD_MESSAGES, LEAD_SUCCESS } from '@kikstart/contract/leads';
import { programToday } from '@kikstart/contract/schedule';
import { standInWebBuild } from '../../test/stand-in-web-build.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { nextIp } from '../../test/client-ip.ts';
import { countRows, mailsFor } from '../../test/lead-fixtures.ts';
import { FORM_RATE_LIMIT } from '../modules/leads/lead-limits.ts';
import { PAGE_FORM_BODY_LIMIT } from './page-forms.ts';

/**
 * Lead forms posted without scripts (decision 0033), against a stand-in server bundle that
 * writes the form outcome it was given into the page; e2e/no-script-forms.spec.ts covers the real one.
 */
const build = standInWebBuild('page-forms', {
  files: {
    'index.html':
      '<!doctype html>\n<html lang="en">\n<head><title>Default</title><!--ssr-head--></head>\n<body><div id="root"><!--ssr-body--></div></body></html>',
  },
  entryServer: `
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const isServerRendered = (path) => path === '/' || /^\\/(book-a-call|request-a-demo|faq|bring-kikstart-to-my-school|programs)(\\/|$)/.test(path);
export const cacheVariant = () => 'v';
export async function render(request) {
  const form = request.form;
  const body = '<main>' + (form ? esc(JSON.stringify(form)) : 'no form') + '</main>';
  return { status: 200, body, mode: 'light', head: '', complete: true, showsSeats: false };
}
`,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: build.dist });
});
afterAll(async () => {
  await t.close();
  build.remove();
});

const post = (url: string, fields: Record<string, string> | string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: headers['x-ip'] ?? nextIp(),
  });

/** The outcome the stand-in wrote into the page. */
const outcome = (html: string) => {
  const text = /<main>(.*)<\/main>/s.exec(html)?.[1] ?? '';
  return JSON.parse(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as {
    form: string;
    sent: boolean;
    message: string;
    values: Record<string, string>;
    errors: Record<string, string>;
  };
};

const inDays = (n: number) => programToday(new Date(Date.now() + n * 24 * 3600_000));
const CALL = {
  _form: 'callBooking',
  fullName: 'Dana No-Script',
  phone: '(415) 555-0142',
  schoolName: 'Hillside Elementary',
  notes: 'After-school soccer for grades 2-4.',
  bestTimeToCall: '3 pm',
  website: '',
};

describe('lead forms posted without scripts', () => {
  it('a valid call booking is stored through the JSON route, its staff mail queued, and the page says the success', async () => {
    const before = (await mailsFor(t, 'call-booking-staff')).length;
    const res = await post('/book-a-call', CALL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(outcome(res.body)).toMatchObject({ form: 'callBooking', sent: true, message: LEAD_SUCCESS.callBooking });
    const [row] = await t.db.select().from(callBookings).where(eq(callBookings.fullName, CALL.fullName));
    expect(row).toMatchObject({ phone: '4155550142', bestTimeToCall: '3 pm', schoolName: 'Hillside Elementary' });
    expect((await mailsFor(t, 'call-booking-staff')).length).toBe(before + 1);
  });

  it('an empty form is a 422 with each field’s message in the spec’s words, and nothing stored', async () => {
    const before = await countRows(t);
    const res = await post('/book-a-call', { _form: 'callBooking' });
    expect(res.statusCode).toBe(422);
    expect(outcome(res.body)).toMatchObject({
      sent: false,
      errors: {
        fullName: DEMO_MESSAGES.fullName,
        phone: DEMO_MESSAGES.phone,
        schoolName: DEMO_MESSAGES.schoolName,
        notes: DEMO_MESSAGES.notes,
        bestTimeToCall: DEMO_MESSAGES.time,
      },
    });
    expect(await countRows(t)).toEqual(before);
  });

  it('the typed values come back with the messages, the honeypot never does', async () => {
    const res = await post('/bring-kikstart-to-my-school', {
      _form: 'schoolRequest',
      contactName: 'Ms. Rivera',
      email: 'not-an-email',
      website: '',
    });
    expect(res.statusCode).toBe(422);
    const page = outcome(res.body);
    expect(page.values).toEqual({ contactName: 'Ms. Rivera', email: 'not-an-email' });
    expect(page.errors).toMatchObject({ schoolName: LEAD_MESSAGES.schoolName, message: LEAD_MESSAGES.message });
    expect(page.errors.email).toBeTruthy();
  });

  it('a demo: a past date has its message; a valid one is stored and records the finished first visit', async () => {
    const demo = {
      _form: 'demo',
      fullName: 'Avery Plain',
      phone: '628-555-0101',
      schoolName: `Plain Form School ${Date.now()}`,
      schoolAddress: '1 Main St, Oakland, CA',
      time: '2 pm',
    };
    const past = await post('/request-a-demo', { ...demo, date: inDays(-3) });
    expect(past.statusCode).toBe(422);
    expect(outcome(past.body).errors).toEqual({ date: DEMO_MESSAGES.datePast });
    expect(past.headers['set-cookie']).toBeUndefined();

    const res = await post('/request-a-demo', { ...demo, date: inDays(10) });
    expect(res.statusCode).toBe(200);
    expect(outcome(res.body)).toMatchObject({ form: 'demo', sent: true, message: LEAD_SUCCESS.demo });
    expect(String(res.headers['set-cookie'])).toMatch(/^kikstart_first_time=false; Path=\/; Max-Age=\d+; SameSite=Lax/);
    const [row] = await t.db.select().from(demoRequests).where(eq(demoRequests.schoolName, demo.schoolName));
    expect(row).toMatchObject({ time: '2 pm', date: inDays(10) });
  });

  it('the footer’s newsletter and a program page’s enquiry post to the page they are on', async () => {
    const email = `plain.${Date.now()}@example.com`;
    const signup = await post('/faq?tab=2', { _form: 'newsletter', email, website: '' });
    expect(signup.statusCode).toBe(200);
    expect(outcome(signup.body)).toMatchObject({ sent: true, message: LEAD_SUCCESS.newsletterAdd });
    expect(await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(
      1,
    );

    const ask = await post('/programs/some-program', {
      _form: 'enquiry',
      name: 'Sam Plain',
      email: 'sam.plain@example.com',
      subject: 'Chess club',
      message: 'Is there room for two siblings?',
    });
    expect(ask.statusCode).toBe(200);
    expect(outcome(ask.body).message).toBe(LEAD_SUCCESS.enquiry);
    expect(await t.db.select().from(enquiries).where(eq(enquiries.name, 'Sam Plain'))).toHaveLength(1);
  });

  it('a filled honeypot gets the success and stores nothing', async () => {
    const before = await countRows(t);
    const res = await post('/book-a-call', { ...CALL, fullName: 'Bot', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(outcome(res.body)).toMatchObject({ sent: true, message: LEAD_SUCCESS.callBooking });
    expect(await countRows(t)).toEqual(before);
  });

  it('hostile input is refused with a 4xx or stored as text, never a 500', async () => {
    const before = await countRows(t);
    const cases: { url: string; body: string; status: number }[] = [
      { url: '/book-a-call', body: 'x'.repeat(PAGE_FORM_BODY_LIMIT + 1), status: 413 },
      { url: '/book-a-call', body: '_form=nope&fullName=x', status: 400 },
      { url: '/book-a-call', body: 'fullName=no+form+named', status: 400 },
      { url: '/book-a-call', body: '_form=__proto__', status: 400 },
      { url: '/book-a-call', body: '_form=callBooking&__proto__=x&constructor=y&fullName=%ZZ', status: 422 },
      { url: '/book-a-call', body: `_form=callBooking&notes=${'n'.repeat(6000)}`, status: 422 },
      { url: '/book-a-call', body: '_form=callBooking&bestTimeToCall=25+pm', status: 422 },
      { url: '/request-a-demo', body: '_form=demo&date=2026-02-31&offerId=%3Cscript%3E', status: 422 },
    ];
    for (const c of cases) {
      const res = await post(c.url, c.body);
      expect(res.statusCode, c.body.slice(0, 60)).toBe(c.status);
    }
    expect(await countRows(t)).toEqual(before);

    const html = await post('/book-a-call', { ...CALL, fullName: '<script>alert(1)</script>' });
    expect(html.statusCode).toBe(200);
    expect(html.body).not.toContain('<script>alert(1)</script>');
  });

  it('a post from another site is refused', async () => {
    const res = await post('/book-a-call', CALL, {
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Send this form from the KikStart site');
    const same = await post('/book-a-call', { ...CALL, fullName: 'Same Site' }, { origin: TEST_PUBLIC_URL });
    expect(same.statusCode).toBe(200);
    // Chromium under a no-referrer policy: Origin "null", Sec-Fetch-Site names the page's own site.
    const fromBrowser = { origin: 'null', 'sec-fetch-site': 'same-origin' };
    expect((await post('/book-a-call', { ...CALL, fullName: 'Browser Post' }, fromBrowser)).statusCode).toBe(200);
    // A sibling subdomain is another site here, and a null origin alone proves nothing.
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: 'https://elsewhere.example' },
    ];
    for (const headers of refused) {
      expect((await post('/book-a-call', CALL, headers)).statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('counts against the JSON route’s own rate limit', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= FORM_RATE_LIMIT.max; i++) {
      statuses.push(
        (await post('/bring-kikstart-to-my-school', { _form: 'schoolRequest' }, { 'x-ip': ip })).statusCode,
      );
    }
    expect(statuses.slice(0, FORM_RATE_LIMIT.max).every((s) => s === 422)).toBe(true);
    const limited = await post('/bring-kikstart-to-my-school', { _form: 'schoolRequest' }, { 'x-ip': ip });
    expect(limited.statusCode).toBe(429);
    expect(outcome(limited.body).message).toMatch(/Too many requests/);
    expect(await t.db.select().from(schoolRequests).where(eq(schoolRequests.contactName, ''))).toHaveLength(0);
  });

  it('an answer to a post is never kept or served from the page cache', async () => {
    const first = await t.app.inject({ url: '/faq' });
    expect(first.body).toContain('no form');
    const again = await t.app.inject({ url: '/faq' });
    expect(again.headers['server-timing']).toMatch(/cache;desc=hit/);
    const posted = await post('/faq', { _form: 'enquiry' });
    expect(posted.statusCode).toBe(422);
    expect(posted.headers['server-timing']).toMatch(/^render;/);
    expect(posted.body).toContain('enquiry');
    const after = await t.app.inject({ url: '/faq' });
    expect(after.body).toContain('no form');
  });

  it('the JSON API still refuses a form body', async () => {
    const res = await post('/api/call-booking/submit', CALL);
    expect(res.statusCode).toBe(415);
  });
});
