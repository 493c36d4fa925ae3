import { formatTime, weekdayName } from '@kikstart/contract/programs';

export interface Schedule {
  weekdays: number[];
  startTime: string;
  endTime: string;
  firstDate: string;
  lastDate: string;
}

/** ISO weekday (1 = Monday) of a YYYY-MM-DD day. */
export const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** Every session day (YYYY-MM-DD) from the first to the last date on the program's weekdays. */
export function sessionDates(s: Pick<Schedule, 'weekdays' | 'firstDate' | 'lastDate'>): string[] {
  const days: string[] = [];
  const end = new Date(`${s.lastDate}T00:00:00Z`).getTime();
  const weekdays = new Set(s.weekdays);
  // Programs are at most a school year long; the cap guards against bad data.
  for (let t = new Date(`${s.firstDate}T00:00:00Z`).getTime(), n = 0; t <= end && n < 800; t += 86_400_000, n++) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (weekdays.has(isoWeekday(day))) days.push(day);
  }
  return days;
}

/** 'Mondays and Wednesdays 3:15 pm–4:15 pm'. */
export function describeSchedule(weekdays: number[], startTime: string, endTime: string) {
  const names = [...weekdays].sort((a, b) => a - b).map((d) => `${weekdayName(d)}s`);
  const days = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `${days} ${formatTime(startTime)}–${formatTime(endTime)}`;
}
