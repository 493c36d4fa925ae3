import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, coachApplications, coachRoleRequests, leadNotes, newsletterSubscribers, users } from '@kikstart/db';
import {
  ADMIN_LEAD_MESSAGES,
  type AdminLead,
  type AdminLeadDetail,
  type AdminSubscriber,
} from '@kikstart/contract/admin-leads';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import { body, useTestApp } from '../../../test/test-app.ts';
import { HOSTILE, mailsFor, postJson } from '../../../test/lead-fixtures.ts';
import { createUserWithSession } from '../../../test/user-fixtures.ts';
import { csvCell } from '../../lib/csv.ts';
import { multipartForm } from '../../../test/multipart.ts';
import { nextIp } from '../../../test/client-ip.ts';
import { deleteExpiredCvs } from './cv-retention.ts';

/** A real, minimal one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\nxref\n0 4\n0000000000 65535 f \n' +
    '0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n186\n%%EOF\n',
);

const t = useTestApp();

const callBooking = (overrides: Record<string, unknown> = {}) =>
  postJson(t, '/api/call-booking/submit', {
    fullName: 'Dana Whitfield',
    phone: '415-555-0199',
    schoolName: 'Maple Grove Elementary',
    notes: 'Interested in after-school soccer',
    bestTimeToCall: '10 am',
    ...overrides,
  });

const enquiry = (overrides: Record<string, unknown> = {}) =>
  postJson(t, '/api/enquiry/create', {
    name: 'Priya Natarajan',
    email: 'priya@example.com',
    subject: 'Summer camps',
    message: 'Do you run camps in July?',
    ...overrides,
  });

const admin = () => createUserWithSession(t, { role: 'admin', firstName: 'Alex', lastName: 'Admin' });

function call(headers: Record<string, string>, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: payload as never } : {}),
  });
}

const list = async (headers: Record<string, string>, query = '') =>
  body<AdminPage<AdminLead>>(await call(headers, 'GET', `/api/admin/leads${query}`)).data;

describe('leads inbox: access', () => {
  it('anonymous 401, parent and coach 403 on every route, before any input check', async () => {
    const parent = await createUserWithSession(t);
    const coach = await createUserWithSession(t, { role: 'coach' });
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: ['GET' | 'POST' | 'PATCH', string][] = [
      ['GET', '/api/admin/leads'],
      ['GET', '/api/admin/leads/export.csv'],
      ['GET', '/api/admin/leads/owners'],
      ['GET', `/api/admin/leads/demo/${id}`],
      ['PATCH', `/api/admin/leads/demo/${id}`],
      ['POST', `/api/admin/leads/demo/${id}/notes`],
      ['GET', `/api/admin/leads/coach-application/${id}/cv`],
      ['POST', `/api/admin/leads/coach-application/${id}/decision`],
      ['POST', `/api/admin/leads/coach-request/${id}/approve`],
      ['POST', `/api/admin/leads/coach-request/${id}/decline`],
      ['GET', '/api/admin/newsletter'],
      ['GET', '/api/admin/newsletter/export.csv'],
    ];
    for (const [method, url] of routes) {
      expect((await call({}, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
      expect((await call(parent.headers, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(403);
      expect((await call(coach.headers, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(403);
    }
  });
});

describe('leads inbox: list, work a lead, notes', () => {
  it('lists every kind in one table; filters by kind, status, owner; searches name, email and school', async () => {
    const { headers } = await admin();
    await callBooking({ fullName: 'Searchable Caller', schoolName: 'Oakwood Academy' });
    await enquiry({ email: 'findme@example.com' });
    const all = await list(headers);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(new Set(all.items.map((l) => l.kind))).toEqual(expect.objectContaining({}));

    const calls = await list(headers, '?kind=call');
    expect(calls.items.every((l) => l.kind === 'call')).toBe(true);
    const byName = await list(headers, '?q=searchable');
    expect(byName.items.map((l) => l.name)).toEqual(['Searchable Caller']);
    expect(byName.items[0]).toMatchObject({ status: 'new', organization: 'Oakwood Academy', phone: '415-555-0199' });
    expect((await list(headers, '?q=OAKWOOD')).total).toBe(1);
    expect((await list(headers, '?q=findme@')).items[0]?.kind).toBe('enquiry');
    // The user's % is taken literally.
    expect((await list(headers, '?q=%25')).total).toBe(0);
    expect((await list(headers, '?status=won&q=searchable')).total).toBe(0);
    expect((await list(headers, '?owner=unassigned&q=searchable')).total).toBe(1);
    // Newest first by default; sorting by name works both ways.
    const dates = all.items.map((l) => l.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const names = (await list(headers, '?sort=name&pageSize=100')).items.map((l) => l.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });

  it('refuses bad filters with 400 and a code', async () => {
    const { headers } = await admin();
    for (const query of [
      '?kind=spam',
      '?status=closed',
      '?owner=someone',
      '?sort=ip',
      '?page=0',
      '?pageSize=7',
      `?q=${'x'.repeat(101)}`,
    ]) {
      const res = await call(headers, 'GET', `/api/admin/leads${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).code, query).toBeTruthy();
    }
  });

  it('works a lead new → contacted → won with an owner and a note; each write is audited', async () => {
    const me = await admin();
    const id = body<{ id: string }>(await callBooking({ fullName: 'Worked Lead' })).data.id;
    const url = `/api/admin/leads/call/${id}`;

    const contacted = await call(me.headers, 'PATCH', url, { status: 'contacted', ownerId: me.userId });
    expect(contacted.statusCode).toBe(200);
    expect(body<AdminLeadDetail>(contacted).data).toMatchObject({ status: 'contacted', ownerName: 'Alex Admin' });
    const note = await call(me.headers, 'POST', `${url}/notes`, { body: '  Called; wants a demo in May.  ' });
    expect(note.statusCode).toBe(200);
    expect(body<{ body: string }>(note).data.body).toBe('Called; wants a demo in May.');
    expect((await call(me.headers, 'PATCH', url, { status: 'won' })).statusCode).toBe(200);

    const detail = body<AdminLeadDetail>(await call(me.headers, 'GET', url)).data;
    expect(detail).toMatchObject({ kind: 'call', status: 'won', ownerId: me.userId, name: 'Worked Lead' });
    expect(detail.fields).toContainEqual({ label: 'Notes', value: 'Interested in after-school soccer' });
    expect(detail.notes).toEqual([
      expect.objectContaining({ body: 'Called; wants a demo in May.', authorName: 'Alex Admin' }),
    ]);
    expect((await list(me.headers, `?owner=${me.userId}&status=won`)).items.map((l) => l.id)).toContain(id);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.actorId, me.userId));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'PATCH /api/admin/leads/:kind/:id',
      'PATCH /api/admin/leads/:kind/:id',
      'POST /api/admin/leads/:kind/:id/notes',
    ]);
    expect(entries[0]!.subjectIds).toMatchObject({ kind: 'call', id });
  });

  it('404 for an unknown id or the wrong kind; 400 for malformed input; nothing stored', async () => {
    const { headers } = await admin();
    const id = body<{ id: string }>(await enquiry()).data.id;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/admin/leads/demo/${unknown}`, `/api/admin/leads/contact/${id}`]) {
      const res = await call(headers, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ code: 'NOT_FOUND', message: ADMIN_LEAD_MESSAGES.notFound });
      expect((await call(headers, 'PATCH', url, { status: 'won' })).statusCode).toBe(404);
      expect((await call(headers, 'POST', `${url}/notes`, { body: 'x' })).statusCode).toBe(404);
    }
    const url = `/api/admin/leads/enquiry/${id}`;
    expect((await call(headers, 'GET', '/api/admin/leads/enquiry/not-a-uuid')).statusCode).toBe(400);
    expect((await call(headers, 'GET', `/api/admin/leads/nonsense/${id}`)).statusCode).toBe(400);
    const bad: unknown[] = [
      {},
      { status: 'closed' },
      { status: 12 },
      { ownerId: 'me' },
      { status: 'won', extra: true },
      [],
      'won',
    ];
    for (const payload of bad)
      expect((await call(headers, 'PATCH', url, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    // An owner must be an admin.
    const parent = await createUserWithSession(t);
    const notAdmin = await call(headers, 'PATCH', url, { ownerId: parent.userId });
    expect(notAdmin.statusCode).toBe(400);
    expect(body(notAdmin).message).toBe(ADMIN_LEAD_MESSAGES.ownerNotAdmin);
    for (const payload of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 5 },
      { body: 'x'.repeat(5001) },
      { body: 'a\u0000b' },
    ])
      expect((await call(headers, 'POST', `${url}/notes`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const oversized = await call(headers, 'POST', `${url}/notes`, { body: 'x'.repeat(2_000_000) });
    expect(oversized.statusCode).toBe(413);
    expect(body<AdminLeadDetail>(await call(headers, 'GET', url)).data).toMatchObject({
      status: 'new',
      ownerId: null,
      notes: [],
    });
    // Hostile text is stored and answered as text.
    const hostile = `${HOSTILE.html} ${HOSTILE.sql}`;
    expect((await call(headers, 'POST', `${url}/notes`, { body: hostile })).statusCode).toBe(200);
    expect(body<AdminLeadDetail>(await call(headers, 'GET', url)).data.notes[0]?.body).toBe(hostile);
  });

  it('lists the admins who can own a lead', async () => {
    const me = await admin();
    const owners = body<{ id: string; name: string }[]>(await call(me.headers, 'GET', '/api/admin/leads/owners')).data;
    expect(owners.map((o) => o.id)).toContain(me.userId);
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect(owners.map((o) => o.id)).not.toContain(coach.userId);
  });
});

describe('leads inbox: CSV export', () => {
  it('exports the current filter as text/csv with formula cells defused', async () => {
    const { headers } = await admin();
    await callBooking({ fullName: '=HYPERLINK("http://evil.example","x")', schoolName: '+Formula School' });
    const res = await call(headers, 'GET', '/api/admin/leads/export.csv?kind=call&q=formula');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Received,Kind,Status,Name,Email,Phone,School,Summary,Owner');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain(`'+Formula School`);
    expect((await call(headers, 'GET', '/api/admin/leads/export.csv?kind=spam')).statusCode).toBe(400);
  });

  it('csvCell quotes and prefixes what a spreadsheet would misread', () => {
    expect(
      ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'a,b', 'say "hi"', 'line\nbreak', 'plain', null, 42].map(csvCell),
    ).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '"a,b"',
      '"say ""hi"""',
      '"line\nbreak"',
      'plain',
      '',
      '42',
    ]);
  });
});

describe('coach-access requests', () => {
  async function requestFrom(parent: { headers: Record<string, string> }) {
    const res = await postJson(t, '/api/user/coach/request', { message: 'I coached U10 soccer' });
    expect(res.statusCode).toBe(401);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/coach/request',
      headers: { ...parent.headers, 'content-type': 'application/json' },
      payload: { message: 'I coached U10 soccer for three seasons' },
    });
    return body<{ id: string }>(sent).data.id;
  }

  it('approve adds coach to the parent, keeps the family, mails them; a second decision is 409', async () => {
    const me = await admin();
    const parent = await createUserWithSession(t, { firstName: 'Grace', lastName: 'Adeyemi' });
    const id = await requestFrom(parent);
    const row = (await list(me.headers, '?kind=coach-request&q=Adeyemi')).items[0];
    expect(row).toMatchObject({
      id,
      name: 'Grace Adeyemi',
      status: 'new',
      summary: 'I coached U10 soccer for three seasons',
    });

    const res = await call(me.headers, 'POST', `/api/admin/leads/coach-request/${id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(body<AdminLeadDetail>(res).data).toMatchObject({ status: 'won', coachRequest: { decision: 'approved' } });
    const [user] = await t.db.select().from(users).where(eq(users.id, parent.userId));
    expect(user).toMatchObject({ staffRoles: ['coach'], familyId: parent.familyId });
    const profile = body<{ roles: string[] }>(await call(parent.headers, 'GET', '/api/user/profile')).data;
    expect(profile.roles).toEqual(['parent', 'coach']);
    const [mail] = await mailsFor(t, 'coach-role-approved');
    expect(mail?.to).toBe(parent.email);

    const again = await call(me.headers, 'POST', `/api/admin/leads/coach-request/${id}/decline`, { reason: 'Late' });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(ADMIN_LEAD_MESSAGES.alreadyDecided);
  });

  it('decline needs a reason, stores it and mails it; unknown ids are 404', async () => {
    const me = await admin();
    const parent = await createUserWithSession(t, { firstName: 'Tom', lastName: 'Declined' });
    const id = await requestFrom(parent);
    const url = `/api/admin/leads/coach-request/${id}/decline`;
    for (const payload of [{}, { reason: '' }, { reason: '  ' }, { reason: 7 }, { reason: 'x'.repeat(1001) }]) {
      const res = await call(me.headers, 'POST', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(body(await call(me.headers, 'POST', url, {})).errors?.reason).toBe(ADMIN_LEAD_MESSAGES.declineReason);
    const [pending] = await t.db.select().from(coachRoleRequests).where(eq(coachRoleRequests.id, id));
    expect(pending!.status).toBe('pending');

    const res = await call(me.headers, 'POST', url, { reason: 'We need coaches with a first-aid certificate.' });
    expect(res.statusCode).toBe(200);
    expect(body<AdminLeadDetail>(res).data).toMatchObject({
      status: 'lost',
      coachRequest: { decision: 'declined', declineReason: 'We need coaches with a first-aid certificate.' },
    });
    const [mail] = await mailsFor(t, 'coach-role-declined');
    expect(mail?.to).toBe(parent.email);
    expect(mail?.text).toContain('We need coaches with a first-aid certificate.');
    const [user] = await t.db.select().from(users).where(eq(users.id, parent.userId));
    expect(user!.staffRoles).toEqual([]);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(me.headers, 'POST', `/api/admin/leads/coach-request/${unknown}/approve`)).statusCode).toBe(404);
    expect((await call(me.headers, 'POST', '/api/admin/leads/coach-request/nope/approve')).statusCode).toBe(400);
  });

  it('notes on a coach request go with the account when it is deleted', async () => {
    const me = await admin();
    const parent = await createUserWithSession(t);
    const id = await requestFrom(parent);
    expect(
      (await call(me.headers, 'POST', `/api/admin/leads/coach-request/${id}/notes`, { body: 'Check DBS' })).statusCode,
    ).toBe(200);
    await t.db.delete(users).where(eq(users.id, parent.userId));
    expect(await t.db.select().from(leadNotes).where(eq(leadNotes.coachRoleRequestId, id))).toEqual([]);
  });
});

describe('coach applications: hired and rejected', () => {
  it('marks hired or rejected (status won / lost, the dates the CV clean-up reads); 400 and 404 otherwise', async () => {
    const { headers } = await admin();
    const [row] = await t.db
      .insert(coachApplications)
      .values({
        name: 'Ana Ruiz',
        email: 'ana@example.com',
        phone: '4155550100',
        experience: 'Five years',
        sports: 'Tennis',
      })
      .returning({ id: coachApplications.id });
    const url = `/api/admin/leads/coach-application/${row!.id}/decision`;
    for (const payload of [{}, { decision: 'maybe' }, { decision: 1 }])
      expect((await call(headers, 'POST', url, payload)).statusCode).toBe(400);

    const hired = body<AdminLeadDetail>(await call(headers, 'POST', url, { decision: 'hired' })).data;
    expect(hired).toMatchObject({ status: 'won', coachApplication: { hiredAt: expect.any(String), rejectedAt: null } });
    const rejected = body<AdminLeadDetail>(await call(headers, 'POST', url, { decision: 'rejected' })).data;
    expect(rejected).toMatchObject({
      status: 'lost',
      coachApplication: { hiredAt: null, rejectedAt: expect.any(String) },
    });
    const missing = `/api/admin/leads/coach-application/00000000-0000-4000-8000-000000000000/decision`;
    expect((await call(headers, 'POST', missing, { decision: 'hired' })).statusCode).toBe(404);
    // No CV on file: the download says so.
    const cv = await call(headers, 'GET', `/api/admin/leads/coach-application/${row!.id}/cv`);
    expect(cv.statusCode).toBe(404);
    expect(body(cv).message).toBe(ADMIN_LEAD_MESSAGES.noCv);
  });

  it('an admin downloads the CV as an attachment, byte for byte; the clean-up deletes a rejected one', async () => {
    const { headers } = await admin();
    const form = multipartForm(
      {
        name: 'Marcus Johnson',
        email: 'marcus@example.com',
        phone: '415-555-0142',
        experience: 'Six years',
        sports: 'Soccer',
      },
      { field: 'cv', filename: 'Marcus résumé, 2026.pdf', type: 'application/pdf', bytes: PDF },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/become-a-coach/submit',
      payload: form.payload,
      headers: form.headers,
      remoteAddress: nextIp(),
    });
    const id = body<{ id: string }>(sent).data.id;
    const detail = body<AdminLeadDetail>(await call(headers, 'GET', `/api/admin/leads/coach-application/${id}`)).data;
    expect(detail.coachApplication?.cvFileName).toBe('Marcus résumé, 2026.pdf');

    const cv = await call(headers, 'GET', `/api/admin/leads/coach-application/${id}/cv`);
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.equals(PDF)).toBe(true);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['cache-control']).toBe('no-store');
    expect(cv.headers['content-disposition']).toBe(
      `attachment; filename="Marcus r_sum_ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Marcus résumé, 2026.pdf')}`,
    );
    // The file is private: nothing under /uploads serves it.
    const [row] = await t.db.select().from(coachApplications).where(eq(coachApplications.id, id));
    expect((await t.app.inject({ url: `/uploads/${row!.cvPath}` })).statusCode).toBe(404);

    await call(headers, 'POST', `/api/admin/leads/coach-application/${id}/decision`, { decision: 'rejected' });
    expect(await deleteExpiredCvs({ db: t.db, config: t.config, now: t.clock.now() })).toBe(1);
    expect((await call(headers, 'GET', `/api/admin/leads/coach-application/${id}/cv`)).statusCode).toBe(404);
  });
});

describe('newsletter subscribers', () => {
  it('lists, filters by status, searches by email and exports CSV; bad filters are 400', async () => {
    const { headers } = await admin();
    const stamp = Date.now();
    await t.db.insert(newsletterSubscribers).values([
      {
        email: `=cmd-${stamp}@example.com`,
        status: 'confirmed',
        unsubscribeToken: `a${stamp}`,
        confirmedAt: t.clock.now(),
      },
      { email: `pending-${stamp}@example.com`, status: 'pending', unsubscribeToken: `b${stamp}` },
      { email: `gone-${stamp}@example.com`, status: 'unsubscribed', unsubscribeToken: `c${stamp}` },
    ]);
    const page = async (query: string) =>
      body<AdminPage<AdminSubscriber>>(await call(headers, 'GET', `/api/admin/newsletter${query}`)).data;
    expect((await page(`?q=${stamp}`)).total).toBe(3);
    expect((await page(`?q=${stamp}&status=confirmed`)).items.map((s) => s.email)).toEqual([
      `=cmd-${stamp}@example.com`,
    ]);
    expect((await page(`?q=${stamp}&sort=email`)).items.map((s) => s.status)).toEqual([
      'confirmed',
      'unsubscribed',
      'pending',
    ]);
    for (const query of ['?status=maybe', '?sort=token', '?pageSize=1000'])
      expect((await call(headers, 'GET', `/api/admin/newsletter${query}`)).statusCode, query).toBe(400);

    const csv = await call(headers, 'GET', `/api/admin/newsletter/export.csv?q=${stamp}&status=confirmed`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Email,Status,Signed up,Confirmed,Unsubscribed');
    expect(lines[1]).toMatch(new RegExp(`^'=cmd-${stamp}@example.com,Confirmed,`));
  });
});
