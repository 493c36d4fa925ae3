import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { callBookings, demoRequests, enquiries, offers, schoolRequests } from '@kikstart/db';
import { DEMO_MESSAGES, INVALID_CHARACTERS, LEAD_MESSAGES, LEAD_SUCCESS, TIME_SLOTS } from '@kikstart/contract/leads';
import { PHONE_MESSAGES } from '@kikstart/contract/phone';
import { PROGRAM_TIME_ZONE } from '@kikstart/contract/schedule';
import { body, useTestApp } from '../../../test/test-app.ts';
import { FORM_RATE_LIMIT } from './lead-limits.ts';
import { HOSTILE, WRONG_TYPES, countRows, mailsFor, postJson } from '../../../test/lead-fixtures.ts';
import { nextIp } from '../../../test/client-ip.ts';
import { ManualClock } from '../../../test/manual-clock.ts';

// Starts at the real time; the date tests move it and put it back.
const clock = new ManualClock();
const t = useTestApp({}, undefined, { clock });

const DAY_MS = 24 * 3600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const inDays = (n: number) => isoDay(new Date(Date.now() + n * DAY_MS));

interface FormCase {
  name: string;
  url: string;
  table: PgTable & { id: never };
  valid: () => Record<string, unknown>;
  /** field → message when missing or blank */
  required: Record<string, string>;
  /** text field → its length cap */
  caps: Record<string, number>;
  /** the field that takes a name (for the unicode check) and a free-text field (for SQL/HTML) */
  nameField: string;
  freeField: string;
  staffTemplate: string;
  ackTemplate?: string;
  success: string;
}

/** The enquiry and the contact form take the same fields (one schema); only the kind differs. */
function enquiryCase(
  kind: 'enquiry' | 'contact',
  url: string,
  success: string,
  valid: Record<string, unknown>,
): FormCase {
  return {
    name: kind === 'contact' ? 'contact form' : kind,
    url,
    table: enquiries as never,
    valid: () => ({ ...valid }),
    required: {
      name: LEAD_MESSAGES.name,
      email: 'Email is required',
      subject: LEAD_MESSAGES.subject,
      message: LEAD_MESSAGES.message,
    },
    caps: { name: 200, subject: 200, message: 5000 },
    nameField: 'name',
    freeField: 'message',
    staffTemplate: `${kind}-staff`,
    ackTemplate: `${kind}-ack`,
    success,
  };
}

const FORMS: FormCase[] = [
  {
    name: 'demo request',
    url: '/api/demo/create',
    table: demoRequests as never,
    valid: () => ({
      fullName: 'Maria Lopez',
      phone: '415-555-0134',
      schoolName: 'Lincoln Elementary',
      schoolAddress: '1200 Oak Street, San Francisco, CA',
      date: inDays(7),
      time: '3 pm',
    }),
    required: {
      fullName: DEMO_MESSAGES.fullName,
      phone: DEMO_MESSAGES.phone,
      schoolName: DEMO_MESSAGES.schoolName,
      schoolAddress: DEMO_MESSAGES.schoolAddress,
      date: DEMO_MESSAGES.date,
      time: DEMO_MESSAGES.time,
    },
    caps: { fullName: 200, schoolName: 200, schoolAddress: 500 },
    nameField: 'fullName',
    freeField: 'schoolAddress',
    staffTemplate: 'demo-request-staff',
    success: LEAD_SUCCESS.demo,
  },
  {
    name: 'call booking',
    url: '/api/call-booking/submit',
    table: callBookings as never,
    valid: () => ({
      fullName: 'Daniel Kim',
      phone: '(650) 555-0199',
      schoolName: 'Sunset Middle School',
      notes: 'Interested in after-school soccer for grades 3-5.',
      bestTimeToCall: '11 am',
    }),
    required: {
      fullName: DEMO_MESSAGES.fullName,
      phone: DEMO_MESSAGES.phone,
      schoolName: DEMO_MESSAGES.schoolName,
      notes: DEMO_MESSAGES.notes,
      bestTimeToCall: DEMO_MESSAGES.time,
    },
    caps: { fullName: 200, schoolName: 200, notes: 5000 },
    nameField: 'fullName',
    freeField: 'notes',
    staffTemplate: 'call-booking-staff',
    success: LEAD_SUCCESS.callBooking,
  },
  enquiryCase('enquiry', '/api/enquiry/create', LEAD_SUCCESS.enquiry, {
    name: 'Aisha Bello',
    email: 'Aisha.Bello@Example.com',
    phone: '510 555 0123',
    subject: 'Summer camp dates',
    message: 'When does registration open for the summer multi-sport camp?',
  }),
  enquiryCase('contact', '/api/contact-us/submit', LEAD_SUCCESS.contact, {
    name: 'Tom Becker',
    email: 'tom.becker@example.org',
    phone: '4155550111',
    subject: 'Pickup question',
    message: 'Can my neighbour pick up my son on Thursdays?',
  }),
  {
    name: 'school request',
    url: '/api/bringKikStartToMySchool/request',
    table: schoolRequests as never,
    valid: () => ({
      schoolName: 'Rosa Parks Elementary',
      contactName: 'Helen Nguyen',
      email: 'h.nguyen@rosaparks.example.edu',
      phone: '415.555.0177',
      message: 'We would like a Friday after-school basketball program for about 40 students.',
    }),
    required: {
      schoolName: DEMO_MESSAGES.schoolName,
      contactName: LEAD_MESSAGES.contactName,
      email: 'Email is required',
      phone: LEAD_MESSAGES.phone,
      message: LEAD_MESSAGES.message,
    },
    caps: { schoolName: 200, contactName: 200, message: 5000 },
    nameField: 'contactName',
    freeField: 'message',
    staffTemplate: 'school-request-staff',
    ackTemplate: 'school-request-ack',
    success: LEAD_SUCCESS.schoolRequest,
  },
];

async function rowById(table: PgTable, id: string) {
  const [row] = await t.db
    .select()
    .from(table)
    .where(eq((table as unknown as { id: never }).id, id));
  return row as Record<string, unknown> | undefined;
}

describe.each(FORMS)('$name ($url)', (form) => {
  it('stores a valid submission, notifies staff in the outbox and answers 200 with a thank-you', async () => {
    const ip = nextIp();
    const res = await postJson(t, form.url, form.valid(), ip);
    expect(res.statusCode).toBe(200);
    const b = body<{ id: string }>(res);
    expect(b.status).toBe(200);
    expect(b.message).toBe(form.success);
    expect(b.message).toMatch(/^Thank you/);
    const row = await rowById(form.table, b.data.id);
    expect(row).toBeDefined();
    expect(row!.ip).toBe(ip);
    expect(row!.phone === null || /^\d{10}$/.test(String(row!.phone))).toBe(true);
    if ('email' in row!) expect(row!.email).toBe(String(form.valid().email).toLowerCase());
    const [staff] = await mailsFor(t, form.staffTemplate);
    expect(staff?.to).toBe(t.config.staffEmail);
    expect(staff?.text).toContain(String(form.valid()[form.nameField]));
    if (form.ackTemplate) {
      const [ack] = await mailsFor(t, form.ackTemplate);
      expect(ack?.to).toBe(String(form.valid().email).toLowerCase());
    }
  });

  it('trims text and strips non-digits from the phone', async () => {
    const payload = form.valid();
    payload[form.nameField] = `   ${payload[form.nameField]}   `;
    const res = await postJson(t, form.url, payload);
    expect(res.statusCode).toBe(200);
    const row = await rowById(form.table, body<{ id: string }>(res).data.id);
    expect(row![form.nameField]).toBe(String(form.valid()[form.nameField]));
  });

  it('answers 400 with the exact message for each missing or blank field, storing nothing', async () => {
    const before = await countRows(t);
    for (const [field, message] of Object.entries(form.required)) {
      for (const value of [undefined, '', '   ']) {
        const payload = form.valid();
        if (value === undefined) delete payload[field];
        else payload[field] = value;
        const res = await postJson(t, form.url, payload);
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        const b = body(res);
        expect(b.status).toBe(400);
        expect(b.errors?.[field], `${field}=${JSON.stringify(value)}`).toBe(message);
      }
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('reports every bad field at once', async () => {
    const res = await postJson(t, form.url, {});
    expect(res.statusCode).toBe(400);
    const b = body(res);
    expect(b.message).toBe('Please correct the highlighted fields');
    for (const [field, message] of Object.entries(form.required)) expect(b.errors?.[field]).toBe(message);
  });

  it('rejects wrong JSON types in every field with 400, never 500, storing nothing', async () => {
    const before = await countRows(t);
    for (const field of Object.keys(form.required)) {
      for (const value of WRONG_TYPES) {
        const res = await postJson(t, form.url, { ...form.valid(), [field]: value });
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(body(res).errors?.[field], `${field}=${JSON.stringify(value)}`).toBeTruthy();
      }
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('rejects a body that is not a JSON object', async () => {
    for (const payload of ['null', '[]', '"text"', '42', '{"fullName":', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: form.url,
        payload,
        remoteAddress: nextIp(),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(body(res).status).toBe(400);
    }
    const form2 = await t.app.inject({
      method: 'POST',
      url: form.url,
      payload: 'a=b',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form2.statusCode).toBe(415);
  });

  it('rejects over-long text with "Must be at most … characters"', async () => {
    for (const [field, max] of Object.entries(form.caps)) {
      const ok = await postJson(t, form.url, { ...form.valid(), [field]: 'x'.repeat(max) });
      expect(ok.statusCode, `${field} at ${max}`).toBe(200);
      const before = await countRows(t);
      const res = await postJson(t, form.url, { ...form.valid(), [field]: 'x'.repeat(max + 1) });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.[field]).toBe(`Must be at most ${max} characters`);
      expect(await countRows(t)).toEqual(before);
    }
    const before = await countRows(t);
    const huge = await postJson(t, form.url, { ...form.valid(), [form.freeField]: 'x'.repeat(300_000) });
    expect(huge.statusCode).toBe(413);
    expect(body(huge).message).toBe('The request body is too large');
    expect(await countRows(t)).toEqual(before);
  });

  it('stores unicode, SQL and HTML verbatim as text, and escapes them in the staff mail', async () => {
    const payload = {
      ...form.valid(),
      [form.nameField]: HOSTILE.unicodeName,
      [form.freeField]: `${HOSTILE.sql} ${HOSTILE.html}`,
    };
    const res = await postJson(t, form.url, payload);
    expect(res.statusCode).toBe(200);
    const row = await rowById(form.table, body<{ id: string }>(res).data.id);
    expect(row![form.nameField]).toBe(HOSTILE.unicodeName);
    expect(row![form.freeField]).toBe(`${HOSTILE.sql} ${HOSTILE.html}`);
    const [staff] = await mailsFor(t, form.staffTemplate);
    expect(staff!.text).toContain(HOSTILE.html);
    expect(staff!.html).not.toContain(HOSTILE.html);
    expect(staff!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The users table is still there.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBeLessThan(500);
  });

  it('refuses the NUL character (which PostgreSQL cannot store) with 400, and survives lone surrogates', async () => {
    const before = await countRows(t);
    for (const field of [...Object.keys(form.caps), 'website']) {
      const res = await postJson(t, form.url, { ...form.valid(), [field]: 'before\u0000after' });
      expect(res.statusCode, field).toBe(400);
      expect(body(res).errors?.[field]).toBe(INVALID_CHARACTERS);
    }
    for (const field of Object.keys(form.required)) {
      const res = await postJson(t, form.url, { ...form.valid(), [field]: '\u0000' });
      expect(res.statusCode, field).toBe(400);
    }
    expect(await countRows(t)).toEqual(before);
    const surrogate = await t.app.inject({
      method: 'POST',
      url: form.url,
      payload: JSON.stringify({ ...form.valid(), [form.freeField]: 'x' }).replace('"x"', '"\\ud800 lone"'),
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
    });
    expect(surrogate.statusCode).toBeLessThan(500);
  });

  it('answers a filled honeypot with the same 200 and stores and sends nothing', async () => {
    const before = await countRows(t);
    const res = await postJson(t, form.url, { ...form.valid(), website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    const b = body<{ id: string }>(res);
    expect(b.message).toBe(form.success);
    expect(b.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countRows(t)).toEqual(before);
  });

  it('answers a filled honeypot on an invalid form with the 400 a person would get, storing nothing', async () => {
    const before = await countRows(t);
    const res = await postJson(t, form.url, { ...form.valid(), [form.nameField]: '', website: 'http://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.[form.nameField]).toBeTruthy();
    expect(await countRows(t)).toEqual(before);
  });

  it(`rate-limits one IP to ${FORM_RATE_LIMIT.max} submissions per window with a clear 429`, async () => {
    const ip = nextIp();
    for (let i = 0; i < FORM_RATE_LIMIT.max; i++) {
      // Invalid ones count as well: a bot probing the form is still a bot.
      const res = await postJson(t, form.url, i === 0 ? {} : form.valid(), ip);
      expect(res.statusCode).toBeLessThan(429);
    }
    const before = await countRows(t);
    const limited = await postJson(t, form.url, form.valid(), ip);
    expect(limited.statusCode).toBe(429);
    const b = body(limited);
    expect(b.status).toBe(429);
    expect(b.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(await countRows(t)).toEqual(before);
    // Someone else is not affected.
    expect((await postJson(t, form.url, form.valid(), nextIp())).statusCode).toBe(200);
  });
});

describe('phone and email rules', () => {
  it('phone: letters only is "Phone is required", a wrong digit count is "Phone must be 10 digits"', async () => {
    for (const url of ['/api/demo/create', '/api/call-booking/submit', '/api/bringKikStartToMySchool/request']) {
      const form = FORMS.find((f) => f.url === url)!;
      const letters = await postJson(t, url, { ...form.valid(), phone: 'call me' });
      expect(body(letters).errors?.phone).toBe('Phone is required');
      for (const phone of ['123-456', '1-800-555-01234', '5'.repeat(41)]) {
        const res = await postJson(t, url, { ...form.valid(), phone });
        expect(res.statusCode).toBe(400);
        expect(body(res).errors?.phone).toBe('Phone must be 10 digits');
      }
    }
  });

  it('phone: a number outside North American numbering is refused (400 with the code), nothing stored', async () => {
    const before = await countRows(t);
    for (const url of ['/api/demo/create', '/api/call-booking/submit', '/api/contact-us/submit']) {
      const form = FORMS.find((f) => f.url === url)!;
      for (const phone of ['0000000000', '(123) 555-0123', '415-155-0123']) {
        const res = await postJson(t, url, { ...form.valid(), phone });
        expect(res.statusCode).toBe(400);
        expect(body(res).code).toBe('VALIDATION_FAILED');
        expect(body(res).errors?.phone).toBe(PHONE_MESSAGES.numbering);
      }
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('email: a malformed address is "Enter a valid email address"', async () => {
    for (const url of ['/api/enquiry/create', '/api/contact-us/submit', '/api/bringKikStartToMySchool/request']) {
      const form = FORMS.find((f) => f.url === url)!;
      for (const email of ['not-an-email', 'a@', '@b.com', 'a b@c.com', `<script>@x.com`]) {
        const res = await postJson(t, url, { ...form.valid(), email });
        expect(res.statusCode).toBe(400);
        expect(body(res).errors?.email).toBe('Enter a valid email address');
      }
    }
  });

  it('enquiry and contact: phone is optional, but 10 digits when given', async () => {
    const form = FORMS.find((f) => f.name === 'enquiry')!;
    for (const phone of [undefined, '', null]) {
      const payload = { ...form.valid(), phone };
      if (phone === undefined) delete payload.phone;
      const res = await postJson(t, form.url, payload);
      expect(res.statusCode).toBe(200);
      expect((await rowById(enquiries, body<{ id: string }>(res).data.id))!.phone).toBeNull();
    }
    const bad = await postJson(t, '/api/contact-us/submit', { ...form.valid(), phone: '12345' });
    expect(body(bad).errors?.phone).toBe('Phone must be 10 digits');
  });

  it('the enquiry and the contact form are stored with their own kind', async () => {
    const form = FORMS.find((f) => f.name === 'enquiry')!;
    const a = await postJson(t, '/api/enquiry/create', form.valid());
    const b = await postJson(t, '/api/contact-us/submit', form.valid());
    expect((await rowById(enquiries, body<{ id: string }>(a).data.id))!.kind).toBe('enquiry');
    expect((await rowById(enquiries, body<{ id: string }>(b).data.id))!.kind).toBe('contact');
  });
});

describe('demo request date, time and offer', () => {
  const demo = FORMS[0]!;

  it('accepts every one of the 9 fixed time slots; nothing chosen is "Time is required", another value "Choose one of the times"', async () => {
    for (const time of TIME_SLOTS) {
      const res = await postJson(t, demo.url, { ...demo.valid(), time });
      expect(res.statusCode, time).toBe(200);
    }
    for (const time of ['', '   ', 'first']) {
      const res = await postJson(t, demo.url, { ...demo.valid(), time });
      expect(res.statusCode, time).toBe(400);
      expect(body(res).errors?.time, time).toBe(DEMO_MESSAGES.time);
    }
    const before = await countRows(t);
    for (const time of ['9 am', '7 pm', '10am', '10 AM', '10:00', 'x'.repeat(1000)]) {
      const res = await postJson(t, demo.url, { ...demo.valid(), time });
      expect(res.statusCode, time).toBe(400);
      expect(body(res).errors?.time, time).toBe('Choose one of the times');
    }
    expect(await countRows(t)).toEqual(before);
    const call = FORMS[1]!;
    expect(body(await postJson(t, call.url, { ...call.valid(), bestTimeToCall: 'first' })).errors?.bestTimeToCall).toBe(
      'Time is required',
    );
    expect(body(await postJson(t, call.url, { ...call.valid(), bestTimeToCall: '8 pm' })).errors?.bestTimeToCall).toBe(
      'Choose one of the times',
    );
  });

  describe(`"today" is today in ${PROGRAM_TIME_ZONE}, on the app's clock`, () => {
    const realNow = clock.now();
    afterAll(() => clock.set(realNow));
    const demoOn = (date: string) => postJson(t, demo.url, { ...demo.valid(), date });

    it('refuses yesterday at 11:00 UTC (04:00 in California), storing nothing', async () => {
      clock.set(new Date('2026-03-10T11:00:00Z'));
      const before = await countRows(t);
      for (const date of ['2026-03-09', '2026-03-01', '2020-01-01']) {
        const res = await demoOn(date);
        expect(res.statusCode, date).toBe(400);
        expect(body(res).errors?.date, date).toBe('Date cannot be in the past');
      }
      expect(await countRows(t)).toEqual(before);
      const res = await demoOn('2026-03-10');
      expect(res.statusCode).toBe(200);
      expect((await rowById(demoRequests, body<{ id: string }>(res).data.id))!.date).toBe('2026-03-10');
    });

    it('accepts the California day that is still running after midnight UTC', async () => {
      // 23:30 on 23 November in California (PST), already the 24th in UTC.
      clock.set(new Date('2026-11-24T07:30:00Z'));
      expect((await demoOn('2026-11-23')).statusCode).toBe(200);
      expect(body(await demoOn('2026-11-22')).errors?.date).toBe('Date cannot be in the past');
      // One minute past midnight in California: the 23rd is over.
      clock.set(new Date('2026-11-24T08:01:00Z'));
      expect(body(await demoOn('2026-11-23')).errors?.date).toBe('Date cannot be in the past');
      expect((await demoOn('2026-11-24')).statusCode).toBe(200);
    });

    it('moves with daylight saving time (midnight in California is 07:00 UTC in summer)', async () => {
      clock.set(new Date('2026-07-04T06:59:00Z'));
      expect((await demoOn('2026-07-03')).statusCode).toBe(200);
      clock.set(new Date('2026-07-04T07:00:00Z'));
      expect(body(await demoOn('2026-07-03')).errors?.date).toBe('Date cannot be in the past');
    });
  });

  it('rejects malformed and impossible dates', async () => {
    const cases: [string, string][] = [
      ['23/11/2030', 'Date must be YYYY-MM-DD'],
      ['2030-1-5', 'Date must be YYYY-MM-DD'],
      ['2030-02-30', 'Date must be a real calendar day'],
      ['2030-13-01', 'Date must be a real calendar day'],
      ['2100-01-01', 'Date must be before the year 2100'],
      ["2030-01-01'; drop table users; --", 'Date must be YYYY-MM-DD'],
    ];
    for (const [date, message] of cases) {
      const res = await postJson(t, demo.url, { ...demo.valid(), date });
      expect(res.statusCode, date).toBe(400);
      expect(body(res).errors?.date, date).toBe(message);
    }
  });

  it('links a live school offer by its _id', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/offer/all-list' });
    const offerId = body<{ _id: string; action: string }[]>(list).data.find((o) => o.action === 'request_demo')!._id;
    const res = await postJson(t, demo.url, { ...demo.valid(), offerId });
    expect(res.statusCode).toBe(200);
    expect((await rowById(demoRequests, body<{ id: string }>(res).data.id))!.offerId).toBe(offerId);
  });

  it('treats a missing, null or empty offerId as no offer', async () => {
    for (const offerId of [undefined, null, '', '  ']) {
      const res = await postJson(t, demo.url, { ...demo.valid(), offerId });
      expect(res.statusCode).toBe(200);
      expect((await rowById(demoRequests, body<{ id: string }>(res).data.id))!.offerId).toBeNull();
    }
  });

  it('refuses a family offer (it leads to the programs, not to a demo)', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/offer/all-list' });
    const family = body<{ _id: string; action: string }[]>(list).data.filter((o) => o.action === 'browse_programs');
    expect(family.length).toBeGreaterThan(0);
    const before = await countRows(t);
    for (const { _id: offerId } of family) {
      const res = await postJson(t, demo.url, { ...demo.valid(), offerId });
      expect(res.statusCode).toBe(400);
      expect(body(res).errors?.offerId).toBe('This offer is no longer available');
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('answers "This offer is no longer available" for unknown, unpublished, expired or malformed offers', async () => {
    const [hidden] = await t.db
      .insert(offers)
      .values({ title: 'Old spring offer', description: 'Expired', published: false })
      .returning({ id: offers.id });
    const [expired] = await t.db
      .insert(offers)
      .values({ title: 'Last year', description: 'Expired', validUntil: '2020-01-01' })
      .returning({ id: offers.id });
    const before = await countRows(t);
    for (const offerId of [
      hidden!.id,
      expired!.id,
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      'abc',
      "1' or '1'='1",
      42,
      [],
      {},
      'x'.repeat(65),
    ]) {
      const res = await postJson(t, demo.url, { ...demo.valid(), offerId });
      expect(res.statusCode, JSON.stringify(offerId)).toBe(400);
      expect(body(res).errors?.offerId).toBe('This offer is no longer available');
    }
    expect(await countRows(t)).toEqual(before);
  });
});
