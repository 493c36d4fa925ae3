import { describe, expect, it } from 'vitest';
import {
  ATTENDING_STATUSES,
  DROPPABLE_STATUSES,
  ENDED_STATUSES,
  ENROLLMENT_STATUSES,
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_STATUS_ORDER,
  LIVE_STATUSES,
  OFFER_STATUS,
  SEAT_STATUSES,
  UNPAID_HOLD_STATUS,
  WAITLIST_STATUS,
  statusIn,
  statusListSql,
} from './enrollment-status.ts';

const sorted = (list: readonly string[]) => [...list].sort();

describe('enrollment status sets', () => {
  it('split every status into live or ended, with no status in both', () => {
    expect(sorted([...LIVE_STATUSES, ...ENDED_STATUSES])).toEqual(sorted(ENROLLMENT_STATUSES));
    expect(LIVE_STATUSES.filter((s) => statusIn(s, ENDED_STATUSES))).toEqual([]);
  });

  it('seats are the live statuses but a waitlist place; an offer takes a seat', () => {
    expect(sorted(SEAT_STATUSES)).toEqual(sorted(LIVE_STATUSES.filter((s) => s !== WAITLIST_STATUS)));
    expect(statusIn(OFFER_STATUS, SEAT_STATUSES)).toBe(true);
    expect(statusIn(UNPAID_HOLD_STATUS, SEAT_STATUSES)).toBe(true);
  });

  it('attending enrollments hold a seat; an open offer is not on the calendar yet', () => {
    expect(ATTENDING_STATUSES.every((s) => statusIn(s, SEAT_STATUSES))).toBe(true);
    expect(statusIn(OFFER_STATUS, ATTENDING_STATUSES)).toBe(false);
  });

  it('the drop-out button is for live enrollments other than an open offer (answered by accept or decline)', () => {
    expect(sorted(DROPPABLE_STATUSES)).toEqual(sorted(LIVE_STATUSES.filter((s) => s !== OFFER_STATUS)));
  });

  it('the page order and the labels cover every status once', () => {
    expect(sorted(ENROLLMENT_STATUS_ORDER)).toEqual(sorted(ENROLLMENT_STATUSES));
    expect(sorted(Object.keys(ENROLLMENT_STATUS_LABELS))).toEqual(sorted(ENROLLMENT_STATUSES));
  });

  it('writes a literal SQL list in the order given (the migrated index text)', () => {
    expect(statusListSql(LIVE_STATUSES)).toBe("'pending_payment', 'confirmed', 'waitlisted', 'offered'");
    expect(statusListSql([WAITLIST_STATUS])).toBe("'waitlisted'");
  });
});
