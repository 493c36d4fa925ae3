import type { Enrollment, EnrollmentStatus } from '@kikstart/contract/enrollments';
import { PROGRAM_TIME_ZONE } from '@kikstart/contract/programs';

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

/** Enrollments that hold a seat: their sessions are on the family's calendar. */
const ATTENDING: EnrollmentStatus[] = ['confirmed', 'pending_payment'];

/** Today as YYYY-MM-DD in the programs' zone (sessions are local wall time there). */
export function todayIn(timeZone = PROGRAM_TIME_ZONE, now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const addDays = (isoDay: string, days: number) => {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD day. */
export const isoWeekday = (isoDay: string) => {
  const day = new Date(`${isoDay}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/**
 * Sessions of the family's attending enrollments from `today` for `days` days (today included),
 * in date then time order. Sessions run on the program's weekdays between its first and last date.
 */
export function upcomingSessions(enrollments: Enrollment[], today: string, days = 14): UpcomingSession[] {
  const sessions: UpcomingSession[] = [];
  for (const e of enrollments) {
    if (!ATTENDING.includes(e.status)) continue;
    const p = e.program;
    for (let i = 0; i < days; i++) {
      const date = addDays(today, i);
      if (date < p.firstDate || date > p.lastDate) continue;
      if (!p.weekdays.includes(isoWeekday(date))) continue;
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
  return sessions.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.childName.localeCompare(b.childName));
}
