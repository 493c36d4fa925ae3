import type { Enrollment } from '@kikstart/contract/enrollments';
import { ATTENDING_STATUSES, statusIn, type EnrollmentStatus } from '@kikstart/contract/enrollment-status';
import { addDays, sessionDates } from '@kikstart/contract/schedule';

export interface UpcomingSession {
  /** YYYY-MM-DD, a calendar day in the program's time zone. */
  date: string;
  startTime: string;
  endTime: string;
  enrollmentId: string;
  programId: string;
  programTitle: string;
  childName: string;
  place: string;
  status: EnrollmentStatus;
}

/**
 * Sessions of the family's attending enrollments from `today` for `days` days (today included),
 * in date then time order. Sessions run on the program's weekdays between its first and last date.
 */
export function upcomingSessions(enrollments: Enrollment[], today: string, days = 14): UpcomingSession[] {
  const window = { from: today, to: addDays(today, days - 1) };
  const sessions: UpcomingSession[] = [];
  for (const e of enrollments) {
    if (!statusIn(e.status, ATTENDING_STATUSES)) continue;
    const p = e.program;
    for (const date of sessionDates(p, window)) {
      sessions.push({
        date,
        startTime: p.startTime,
        endTime: p.endTime,
        enrollmentId: e.id,
        programId: p.id,
        programTitle: p.title,
        childName: e.child.name,
        place: p.venueName ?? p.schoolName ?? p.venueAddress,
        status: e.status,
      });
    }
  }
  return sessions.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.childName.localeCompare(b.childName),
  );
}
