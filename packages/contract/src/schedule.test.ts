import { describe, expect, it } from 'vitest';
import {
  PROGRAM_TIME_ZONE,
  addDays,
  describeSchedule,
  formatTime,
  isoWeekday,
  sessionDates,
  todayIn,
  weekdayName,
  weekdaysText,
} from './schedule.ts';

describe('schedule maths', () => {
  it('knows ISO weekdays (1 = Monday … 7 = Sunday)', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(weekdayName(isoWeekday('2026-11-25'))).toBe('Wednesday');
  });

  it('adds days across months, years and the daylight-saving change', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-13', 1)).toBe('2027-03-14'); // US clocks go forward on 14 Mar 2027
    expect(addDays('2027-03-14', -14)).toBe('2027-02-28');
  });

  it('lists every session day on the weekdays from the first to the last date, both included', () => {
    const program = { weekdays: [3, 1], firstDate: '2026-11-23', lastDate: '2026-12-07' };
    expect(sessionDates(program)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02', '2026-12-07']);
  });

  it('keeps to a window inside the program dates', () => {
    const program = { weekdays: [1, 3], firstDate: '2026-11-01', lastDate: '2026-11-30' };
    expect(sessionDates(program, { from: '2026-11-23', to: '2026-12-06' })).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-30',
    ]);
    expect(sessionDates(program, { from: '2026-10-01', to: '2026-11-04' })).toEqual(['2026-11-02', '2026-11-04']);
    expect(sessionDates(program, { from: '2026-12-01', to: '2026-12-14' })).toEqual([]);
  });

  it('stops on a date range longer than any program (bad data)', () => {
    expect(
      sessionDates({ weekdays: [1, 2, 3, 4, 5, 6, 7], firstDate: '2020-01-01', lastDate: '2030-01-01' }),
    ).toHaveLength(800);
  });

  it('takes today in the programs’ time zone', () => {
    // 05:00 UTC on 24 Nov is still 23 Nov in Los Angeles.
    expect(todayIn(PROGRAM_TIME_ZONE, new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-23');
    expect(todayIn(PROGRAM_TIME_ZONE, new Date('2026-11-24T09:00:00Z'))).toBe('2026-11-24');
  });

  it('writes times, weekdays and the schedule in words', () => {
    expect(formatTime('15:15')).toBe('3:15 pm');
    expect(formatTime('00:05')).toBe('12:05 am');
    expect(formatTime('12:00')).toBe('12:00 pm');
    expect(weekdaysText([3, 1])).toBe('Mondays and Wednesdays');
    expect(weekdaysText([1, 3, 5])).toBe('Mondays, Wednesdays and Fridays');
    expect(weekdaysText([6])).toBe('Saturdays');
    expect(describeSchedule([3, 1], '15:15', '16:15')).toBe('Mondays and Wednesdays 3:15 pm–4:15 pm');
  });
});
