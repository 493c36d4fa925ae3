import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enrollments } from '@kikstart/db';
import { CALENDAR_MESSAGES } from '@kikstart/contract/calendar';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { body, useTestApp } from '../../../test/test-app.ts';
import { createUserWithSession, demoSession } from '../../../test/user-fixtures.ts';
import { addChild, createProgram, enroll } from '../../../test/enrollment-fixtures.ts';
import { foldLine } from './ical.ts';

const t = useTestApp();

const feedUrl = async (headers: Record<string, string>) =>
  body<{ url: string }>(await t.app.inject({ method: 'GET', url: '/api/calendar/feed-url', headers })).data.url;
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('iCalendar feed', () => {
  it('gives each guardian a stable secret URL, made on first use', async () => {
    const p = await createUserWithSession(t);
    const url = await feedUrl(p.headers);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{43}\.ics$/);
    expect(await feedUrl(p.headers)).toBe(url);
    const empty = await fetchFeed(url);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toMatch(/^text\/calendar/);
    expect(empty.body).not.toContain('BEGIN:VEVENT');
  });

  it('lists one event per session of confirmed and pending enrollments, in local time with TZID', async () => {
    const p = await createUserWithSession(t);
    const kid = await addChild(t, p.headers, { firstName: 'Zoë' });
    const program = await createProgram(t, {
      title: 'Soccer, Stars; & More',
      weekdays: [1, 3],
      startTime: '15:15',
      endTime: '16:15',
      firstDate: '2030-03-04',
      lastDate: '2030-03-15',
      venueName: 'Lincoln Elementary School',
      venueAddress: '1250 Oak Street, San Francisco, CA',
    });
    const waitlisted = await createProgram(t, { capacity: 0 });
    const e = body<Enrollment>(await enroll(t, p.headers, kid, program.id)).data;
    await enroll(t, p.headers, kid, waitlisted.id, { joinWaitlist: true });
    const res = await fetchFeed(await feedUrl(p.headers));
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles');
    // Mon 4, Wed 6, Mon 11, Wed 13 March 2030.
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(unfolded).toContain(`UID:${e.id}-20300304@kikstart`);
    expect(unfolded).toContain('DTSTART;TZID=America/Los_Angeles:20300304T151500');
    expect(unfolded).toContain('DTEND;TZID=America/Los_Angeles:20300313T161500');
    expect(unfolded).toContain('SUMMARY:Zoë – Soccer\\, Stars\\; & More');
    expect(unfolded).toContain('LOCATION:Lincoln Elementary School\\, 1250 Oak Street\\, San Francisco\\, CA');
    expect(unfolded).toContain('STATUS:TENTATIVE');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // A confirmed enrollment is CONFIRMED; a dropped one disappears.
    await t.db.update(enrollments).set({ status: 'confirmed' }).where(eq(enrollments.id, e.id));
    expect((await fetchFeed(await feedUrl(p.headers))).body).toContain('STATUS:CONFIRMED');
    await t.app.inject({
      method: 'POST',
      url: '/api/children/drop-out',
      headers: p.headers,
      payload: { enrollmentId: e.id, reason: 'Moving' },
    });
    expect((await fetchFeed(await feedUrl(p.headers))).body).not.toContain('BEGIN:VEVENT');
  });

  it("shows the demo family's seeded enrollment and nobody else's", async () => {
    const demo = await demoSession(t, 'parent');
    const text = (await fetchFeed(await feedUrl(demo.headers))).body.replace(/\r\n /g, '');
    expect(text).toContain('SUMMARY:Maya – Soccer Stars');
    const stranger = await createUserWithSession(t);
    expect((await fetchFeed(await feedUrl(stranger.headers))).body).not.toContain('Maya');
  });

  it('rotating replaces the URL and the old one is 404; bad tokens are 404', async () => {
    const p = await createUserWithSession(t);
    const old = await feedUrl(p.headers);
    const res = await t.app.inject({ method: 'POST', url: '/api/calendar/feed-url/rotate', headers: p.headers });
    const fresh = body<{ url: string }>(res).data.url;
    expect(fresh).not.toBe(old);
    expect(await feedUrl(p.headers)).toBe(fresh);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(body(gone).message).toBe(CALENDAR_MESSAGES.feedNotFound);
    for (const path of [
      '/api/calendar/nope.ics',
      `/api/calendar/${'a'.repeat(43)}.ics`,
      `/api/calendar/${'a'.repeat(43)}`,
      "/api/calendar/'%20or%201=1.ics",
      `/api/calendar/${'a'.repeat(500)}.ics`,
    ]) {
      const r = await t.app.inject({ method: 'GET', url: path });
      expect(r.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, path).toBeLessThan(500);
    }
  });

  it('needs a signed-in parent for the feed URL', async () => {
    const coach = await createUserWithSession(t, { role: 'coach' });
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed-url' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/calendar/feed-url', headers: coach.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/calendar/feed-url/rotate' })).statusCode).toBe(401);
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
