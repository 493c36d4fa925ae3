/**
 * Weekday and session-date math, shared by the API (session counts, calendar feed, clash
 * messages) and the web app (upcoming sessions, schedule text). Days are YYYY-MM-DD calendar
 * days and times HH:MM local wall time in PROGRAM_TIME_ZONE; the math runs on UTC midnights so
 * no machine's own zone or daylight saving can shift a day. Imports nothing.
 */

/** Every program's times are local wall time in this zone (the calendar feed uses it as TZID). */
export const PROGRAM_TIME_ZONE = 'America/Los_Angeles';

/** ISO weekday order: index 0 is Monday (1), index 6 is Sunday (7). */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const weekdayName = (isoDay: number) => WEEKDAY_NAMES[isoDay - 1] ?? String(isoDay);

/** Programs are at most a school year long; a date range longer than this is bad data. */
const MAX_SPAN_DAYS = 800;
const DAY_MS = 86_400_000;

const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`).getTime();

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD day. */
export const isoWeekday = (day: string) => new Date(utcMidnight(day)).getUTCDay() || 7;

/** The YYYY-MM-DD day `days` after `day` (negative goes back). */
export const addDays = (day: string, days: number) =>
  new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one (pages ask often). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today as YYYY-MM-DD in `timeZone` (sessions are local wall time there). */
export function todayIn(timeZone: string, now: Date) {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * Today where the programs run: the one "today" of the business, for the browser (date
 * pickers) and the server (validation) alike, whatever zone either machine is in.
 */
export const programToday = (now: Date) => todayIn(PROGRAM_TIME_ZONE, now);

export interface SessionPattern {
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
  firstDate: string;
  lastDate: string;
}

/**
 * Every session day (YYYY-MM-DD) on the program's weekdays from its first to its last date,
 * in order; with `window`, only the days inside it (both ends included).
 */
export function sessionDates(s: SessionPattern, window?: { from: string; to: string }): string[] {
  const from = window && window.from > s.firstDate ? window.from : s.firstDate;
  const to = window && window.to < s.lastDate ? window.to : s.lastDate;
  const weekdays = new Set(s.weekdays);
  const days: string[] = [];
  // Day by day on UTC midnights, the weekday counted along; only a session day is written out
  // (a mail to every family on a waitlist lists the sessions, so this runs often).
  const end = utcMidnight(to);
  let time = utcMidnight(from);
  let weekday = new Date(time).getUTCDay() || 7;
  for (let n = 0; time <= end && n < MAX_SPAN_DAYS; n++) {
    if (weekdays.has(weekday)) days.push(new Date(time).toISOString().slice(0, 10));
    time += DAY_MS;
    weekday = weekday === 7 ? 1 : weekday + 1;
  }
  return days;
}

/** '15:15' → '3:15 pm'. */
export function formatTime(hhmm: string) {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** [3, 1] → 'Mondays and Wednesdays'. */
export function weekdaysText(weekdays: number[]) {
  const names = [...weekdays].sort((a, b) => a - b).map((d) => `${weekdayName(d)}s`);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** 'Mondays and Wednesdays 3:15 pm–4:15 pm' (the clash message's wording). */
export const describeSchedule = (weekdays: number[], startTime: string, endTime: string) =>
  `${weekdaysText(weekdays)} ${formatTime(startTime)}–${formatTime(endTime)}`;

// Made on first use, not when the module loads: the first formatter of a page loads the
// locale's data (tens of milliseconds on a phone), and most pages that import this never ask.
let sessionDay: Intl.DateTimeFormat | undefined;

export const formatSessionDay = (day: string) =>
  (sessionDay ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(new Date(utcMidnight(day)));
