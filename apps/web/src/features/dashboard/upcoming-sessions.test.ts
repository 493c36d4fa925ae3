import { describe, expect, it } from 'vitest';
import type { Enrollment } from '@kikstart/contract/enrollments';
import { upcomingSessions } from './upcoming-sessions.ts';

const enrollment = (
  over: Partial<Omit<Enrollment, 'program'>> & { program?: Partial<Enrollment['program']> } = {},
): Enrollment => {
  const { program, ...rest } = over;
  return {
    id: 'e1',
    status: 'confirmed',
    statusLabel: 'Enrolled',
    child: { id: 'c1', name: 'Maya Shah' },
    program: {
      id: 'p1',
      title: 'Soccer Stars',
      classType: 'after_school',
      locationType: 'at_my_school',
      schoolName: 'Lincoln Elementary School',
      venueName: null,
      venueAddress: '1250 Oak Street',
      weekdays: [1, 3],
      startTime: '15:15',
      endTime: '16:15',
      firstDate: '2026-11-01',
      lastDate: '2027-01-31',
      ...program,
    },
    priceCents: 24900,
    currency: 'usd',
    coveredByMembership: false,
    waiver: { name: 'Priya Shah', signedAt: '2026-11-01T10:00:00Z', version: 1 },
    waitlistPosition: null,
    holdExpiresAt: null,
    offerExpiresAt: null,
    dropReason: null,
    droppedAt: null,
    createdAt: '2026-11-01T10:00:00Z',
    ...rest,
  };
};

describe('upcoming sessions', () => {
  it('lists each session on the program weekdays within 14 days, today included', () => {
    // Monday 23 Nov 2026 → Mondays and Wednesdays until Sunday 6 Dec.
    const dates = upcomingSessions([enrollment()], '2026-11-23').map((s) => s.date);
    expect(dates).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02']);
  });

  it('respects the first and last date', () => {
    const late = upcomingSessions(
      [enrollment({ program: { firstDate: '2026-11-30', lastDate: '2026-12-01' } })],
      '2026-11-23',
    );
    expect(late.map((s) => s.date)).toEqual(['2026-11-30']);
    expect(upcomingSessions([enrollment({ program: { lastDate: '2026-11-20' } })], '2026-11-23')).toEqual([]);
  });

  it('counts only enrollments holding a seat, sorted by date then time', () => {
    const list = upcomingSessions(
      [
        enrollment({ id: 'w', status: 'waitlisted' }),
        enrollment({ id: 'd', status: 'dropped' }),
        enrollment({
          id: 'p',
          status: 'pending_payment',
          child: { id: 'c2', name: 'Arjun Shah' },
          program: { id: 'p2', title: 'Flag Football', weekdays: [1], startTime: '15:00', endTime: '16:00' },
        }),
        enrollment({ id: 'c' }),
      ],
      '2026-11-23',
      3,
    );
    expect(list.map((s) => [s.date, s.startTime, s.enrollmentId])).toEqual([
      ['2026-11-23', '15:00', 'p'],
      ['2026-11-23', '15:15', 'c'],
      ['2026-11-25', '15:15', 'c'],
    ]);
    expect(list[0]).toMatchObject({
      programTitle: 'Flag Football',
      childName: 'Arjun Shah',
      place: 'Lincoln Elementary School',
    });
  });
});
