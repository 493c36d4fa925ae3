import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { PROGRAM_TIME_ZONE, formatSessionDay, isoWeekday, sessionDates, todayIn } from '@kikstart/contract/schedule';
import { body, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app.ts';
import { createUserWithSession, mailsTo } from '../../../test/user-fixtures.ts';
import { addChild, createProgram, daysFromNow, enroll } from '../../../test/enrollment-fixtures.ts';
import { dropOutMailText, waitlistMailText, type EnrollmentMailFacts } from './enrollment-mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A two-week program on one weekday, starting next week: its session days as a parent reads them. */
async function twoWeekProgram(capacity: number) {
  const firstDate = daysFromNow(7);
  const program = await createProgram(t, {
    capacity,
    firstDate,
    lastDate: daysFromNow(20),
    weekdays: [isoWeekday(firstDate)],
    venueName: 'Lincoln Elementary',
    venueAddress: '1 Main St, San Francisco, CA',
  });
  const days = sessionDates(program, { from: todayIn(PROGRAM_TIME_ZONE, new Date()), to: program.lastDate });
  return { program, sessionDays: days.map(formatSessionDay) };
}

const family = async () => {
  const s = await createUserWithSession(t);
  return { ...s, kid: await addChild(t, s.headers, { firstName: 'Maya', lastName: 'Lopez' }) };
};

describe('mails that close the loop', () => {
  it('joining a waitlist queues one mail with the place, the offer rule and the session dates', async () => {
    const { program, sessionDays } = await twoWeekProgram(1);
    const holder = await family();
    await enroll(t, holder.headers, holder.kid, program.id);
    const waiting = await family();
    const res = await enroll(t, waiting.headers, waiting.kid, program.id, { joinWaitlist: true });
    expect(body<Enrollment>(res).data.status).toBe('waitlisted');

    const mails = (await mailsTo(t, waiting.email)).filter((m) => m.template === 'waitlist-joined');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Maya Lopez is on the waitlist for ${program.title}`);
    expect(mail.text).toContain('number 1 on the waitlist');
    expect(mail.text).toContain('hold it for 24 hours');
    expect(mail.text).toContain('at Lincoln Elementary, 1 Main St, San Francisco, CA');
    expect(sessionDays).toHaveLength(2);
    for (const day of sessionDays) expect(mail.text).toContain(day);
    expect(mail.links).toContain(`${TEST_PUBLIC_URL}/account/enrollments`);
    // A family that takes a seat gets no waitlist mail.
    expect((await mailsTo(t, holder.email)).filter((m) => m.template === 'waitlist-joined')).toHaveLength(0);
  });

  it('dropping out queues one mail naming the sessions that are off the schedule', async () => {
    const { program, sessionDays } = await twoWeekProgram(5);
    const f = await family();
    const e = body<Enrollment>(await enroll(t, f.headers, f.kid, program.id)).data;
    const drop = await t.app.inject({
      method: 'POST',
      url: '/api/children/drop-out',
      headers: f.headers,
      payload: { enrollmentId: e.id, reason: 'Schedule changed' },
    });
    expect(drop.statusCode).toBe(200);

    const mails = (await mailsTo(t, f.email)).filter((m) => m.template === 'drop-out');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Maya Lopez has dropped out of ${program.title}`);
    expect(mail.text).toContain('the seat goes to the next family');
    expect(mail.text).toContain('These sessions are off Maya Lopez’s schedule (2 sessions)');
    for (const day of sessionDays) expect(mail.text).toContain(day);
    // An unpaid hold had nothing to refund, so the mail promises none.
    expect(mail.text).not.toContain('refund');
  });

  it('leaving a waitlist says so, with the dates', async () => {
    const { program, sessionDays } = await twoWeekProgram(1);
    const holder = await family();
    await enroll(t, holder.headers, holder.kid, program.id);
    const f = await family();
    const e = body<Enrollment>(await enroll(t, f.headers, f.kid, program.id, { joinWaitlist: true })).data;
    await t.app.inject({
      method: 'POST',
      url: '/api/children/drop-out',
      headers: f.headers,
      payload: { enrollmentId: e.id, reason: 'Found another class' },
    });
    const [mail] = (await mailsTo(t, f.email)).filter((m) => m.template === 'drop-out');
    expect(mail!.subject).toBe(`Maya Lopez has left the waitlist for ${program.title}`);
    for (const day of sessionDays) expect(mail!.text).toContain(day);
  });

  it('a refused drop-out (someone else’s enrollment) queues nothing', async () => {
    const { program } = await twoWeekProgram(5);
    const owner = await family();
    const stranger = await family();
    const e = body<Enrollment>(await enroll(t, owner.headers, owner.kid, program.id)).data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/children/drop-out',
      headers: stranger.headers,
      payload: { enrollmentId: e.id, reason: 'x' },
    });
    expect(res.statusCode).toBe(404);
    for (const who of [owner, stranger])
      expect((await mailsTo(t, who.email)).filter((m) => m.template === 'drop-out')).toHaveLength(0);
  });
});

describe('mail text', () => {
  const facts: EnrollmentMailFacts = {
    familyId: 'f',
    childName: 'Leo Park',
    programTitle: 'Soccer Stars',
    weekdays: [1, 3],
    startTime: '15:15',
    endTime: '16:15',
    firstDate: '2031-01-06',
    lastDate: '2031-03-31',
    venue: 'Lincoln Elementary, 1 Main St',
    waitlistPosition: 3,
  };
  const now = new Date('2031-01-01T20:00:00Z');

  it('lists the first ten dates of a long program, then how many more follow and the last one', () => {
    const text = waitlistMailText(facts, { now, publicUrl: TEST_PUBLIC_URL }).paragraphs.join('\n');
    expect(text).toContain(
      'Soccer Stars meets Mondays and Wednesdays 3:15 pm–4:15 pm at Lincoln Elementary, 1 Main St.',
    );
    expect(text).toContain('The sessions still to come (25 sessions): Mon, Jan 6, 2031; Wed, Jan 8, 2031;');
    expect(text).toContain('; and 15 more through Mon, Mar 31, 2031.');
    expect(text).toContain('number 3 on the waitlist');
  });

  it('counts only the sessions from today on, and says when none are left', () => {
    const late = dropOutMailText(facts, {
      now: new Date('2031-03-30T20:00:00Z'),
      publicUrl: TEST_PUBLIC_URL,
      wasWaiting: false,
      refund: 'requested',
    }).paragraphs.join('\n');
    expect(late).toContain('(1 session): Mon, Mar 31, 2031.');
    expect(late).toContain('refund request has gone to our staff');
    const over = dropOutMailText(facts, {
      now: new Date('2031-04-02T20:00:00Z'),
      publicUrl: TEST_PUBLIC_URL,
      wasWaiting: false,
      refund: 'refunded',
    }).paragraphs.join('\n');
    expect(over).toContain('It has no sessions left.');
    expect(over).toContain('refunded in full');
  });
});
