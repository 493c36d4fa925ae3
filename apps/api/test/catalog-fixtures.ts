import { daysFromNow } from './enrollment-fixtures.ts';

/** Test-only: a complete program form as the staff console sends it, with the given overrides. */
export const programInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Harbor Park Tennis',
  sport: 'Tennis',
  summary: 'Racket skills, footwork and friendly rallies for beginners.',
  description: 'Eight weeks of **tennis basics** on the public courts at Harbor Park.',
  classType: 'after_school',
  locationType: 'public_class',
  schoolId: null,
  venueName: 'Harbor Park Courts',
  venueAddress: '200 Harbor Way, San Francisco, CA 94107',
  weekdays: [2, 4],
  startTime: '15:30',
  endTime: '16:30',
  firstDate: daysFromNow(10),
  lastDate: daysFromNow(10 + 55),
  minAge: null,
  maxAge: null,
  minGrade: 1,
  maxGrade: 5,
  capacity: 12,
  priceCents: 24_900,
  coveredByMembership: true,
  coachId: null,
  imageAlt: null,
  activities: [
    { title: 'Grip and ready position', description: 'Forehand grip, split step and moving to the ball.' },
    { title: 'Rally day', description: 'Cooperative rallies over the net in pairs.' },
  ],
  ...overrides,
});
