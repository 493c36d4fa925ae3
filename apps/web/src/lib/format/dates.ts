/**
 * Every date and time the web app shows, one format per kind (issue 12, item 19), in the
 * spec's chat style (§9: 'h:mm AM/PM', 'D MMM YYYY'):
 *   calendar date  '20 Feb 2027'           formatDate
 *   with weekday   'Sat, 20 Feb 2027'      formatWeekdayDate
 *   date range     '2 Mar – 4 May 2027'    formatDateRange
 *   time of day    '3:15 PM'               formatTime (a program's 'HH:MM'), formatClock (an instant)
 *   time range     '3:15 PM – 4:15 PM'     formatTimeRange
 *   date and time  'Sat, 20 Feb 2027, 3:15 PM'  formatDateTime
 *   chat           '3:15 PM' | 'Yesterday' | '20 Feb 2027'  formatChatTimestamp
 * Calendar dates ('YYYY-MM-DD') never shift with the time zone; instants (ISO timestamps) are
 * shown in the parent's own time zone. Written by hand rather than with Intl, whose output
 * varies by engine ('Sept', a narrow no-break space before PM), or dayjs, which the landing
 * page should not load.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const RANGE = ' – ';

type Instant = Date | string | number | null | undefined;

interface Day {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/** 'YYYY-MM-DD' (or the date part of an ISO timestamp) as a calendar day; null if it is not a real date. */
function calendarDay(value: string | null | undefined): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month: month - 1, day, weekday: date.getUTCDay() };
}

function instant(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const localDay = (d: Date): Day => ({
  year: d.getFullYear(),
  month: d.getMonth(),
  day: d.getDate(),
  weekday: d.getDay(),
});

const dayText = (d: Day) => `${d.day} ${MONTHS[d.month]} ${d.year}`;
const weekdayDayText = (d: Day) => `${WEEKDAYS[d.weekday]}, ${dayText(d)}`;
const clockText = (hours: number, minutes: number) =>
  `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;

/** A calendar date from the API: '2027-02-20' → '20 Feb 2027'; '' when missing or invalid. */
export function formatDate(value: string | null | undefined): string {
  const day = calendarDay(value);
  return day ? dayText(day) : '';
}

/** A calendar date with its weekday: '2027-02-20' → 'Sat, 20 Feb 2027'. */
export function formatWeekdayDate(value: string | null | undefined): string {
  const day = calendarDay(value);
  return day ? weekdayDayText(day) : '';
}

/** '2 Mar – 4 May 2027'; the year is written once when both ends share it, and one day is one date. */
export function formatDateRange(first: string | null | undefined, last: string | null | undefined): string {
  const [from, to] = [calendarDay(first), calendarDay(last)];
  if (!from || !to) return formatDate(first) || formatDate(last);
  if (from.year === to.year && from.month === to.month && from.day === to.day) return dayText(to);
  const start = from.year === to.year ? `${from.day} ${MONTHS[from.month]}` : dayText(from);
  return `${start}${RANGE}${dayText(to)}`;
}

/** A wall-clock time from the API ('HH:MM', a program's start or end): '15:15' → '3:15 PM'. */
export function formatTime(hhmm: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  if (!match) return '';
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? clockText(hours, minutes) : '';
}

/** '3:15 PM – 4:15 PM'. */
export const formatTimeRange = (start: string | null | undefined, end: string | null | undefined) =>
  `${formatTime(start)}${RANGE}${formatTime(end)}`;

/** The clock time of an instant, in the parent's time zone: '5:15 PM'. */
export function formatClock(value: Instant): string {
  const date = instant(value);
  return date ? clockText(date.getHours(), date.getMinutes()) : '';
}

/** An instant in the parent's time zone: 'Sun, 22 Nov 2026, 5:15 PM'. */
export function formatDateTime(value: Instant): string {
  const date = instant(value);
  return date ? `${weekdayDayText(localDay(date))}, ${clockText(date.getHours(), date.getMinutes())}` : '';
}

/**
 * Chat timestamps (spec §9), in the local time zone: today 'h:mm AM/PM', yesterday
 * 'Yesterday', otherwise 'D MMM YYYY'. Future dates (clock skew) are shown as a date.
 */
export function formatChatTimestamp(value: Instant, now: Date = new Date()): string {
  const date = instant(value);
  if (!date) return '';
  const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  if (sameDay(date, now)) return clockText(date.getHours(), date.getMinutes());
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  if (sameDay(date, yesterday)) return 'Yesterday';
  return dayText(localDay(date));
}
