import { describe, expect, it } from 'vitest';
import { audienceText, scheduleText, seatsText } from './program-text.ts';

describe('program text', () => {
  it('writes the schedule with the days and the time range', () => {
    expect(scheduleText({ weekdays: [1], startTime: '15:15', endTime: '16:15' })).toBe('Mondays, 3:15 PM – 4:15 PM');
  });

  it('describes who can join', () => {
    expect(audienceText({ minGrade: 2, maxGrade: 5, minAge: null, maxAge: null })).toBe('Grades 2–5');
    expect(audienceText({ minGrade: 0, maxGrade: 2, minAge: null, maxAge: null })).toBe('Grades K–2');
    expect(audienceText({ minGrade: null, maxGrade: null, minAge: 5, maxAge: 10 })).toBe('Ages 5–10');
    expect(audienceText({ minGrade: null, maxGrade: null, minAge: null, maxAge: null })).toBe('All ages');
  });

  it('says when a program is full', () => {
    expect(seatsText(0)).toBe('Full — join the waitlist');
    expect(seatsText(1)).toBe('1 seat left');
    expect(seatsText(12)).toBe('12 seats left');
  });
});
