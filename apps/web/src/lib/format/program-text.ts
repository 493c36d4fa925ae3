import { gradeLabel } from '@kikstart/contract/program-labels';
import { weekdaysText } from '@kikstart/contract/schedule';
import type { ProgramSummary } from '@kikstart/contract/programs';
import { formatDateRange, formatTimeRange } from './dates.ts';
import { formatMoneyFromCents } from './money.ts';

/** '3:15 PM – 4:15 PM'. */
export const timeRangeText = (p: Pick<ProgramSummary, 'startTime' | 'endTime'>) =>
  formatTimeRange(p.startTime, p.endTime);

/** 'Mondays and Wednesdays, 3:00 PM – 4:00 PM'. */
export const scheduleText = (p: Pick<ProgramSummary, 'weekdays' | 'startTime' | 'endTime'>) =>
  `${weekdaysText(p.weekdays)}, ${timeRangeText(p)}`;

/** '2 Mar – 4 May 2027'. */
export const dateRangeText = (p: Pick<ProgramSummary, 'firstDate' | 'lastDate'>) =>
  formatDateRange(p.firstDate, p.lastDate);

/** 'Grades 2–5', 'Ages 5–10', or 'All ages'. */
export function audienceText(p: Pick<ProgramSummary, 'minGrade' | 'maxGrade' | 'minAge' | 'maxAge'>) {
  const parts: string[] = [];
  if (p.minGrade !== null || p.maxGrade !== null) {
    const lo = gradeLabel(p.minGrade ?? 0);
    const hi = gradeLabel(p.maxGrade ?? 12);
    parts.push(lo === hi ? `Grade ${lo}` : `Grades ${lo}–${hi}`);
  }
  if (p.minAge !== null || p.maxAge !== null) {
    const lo = p.minAge ?? 3;
    const hi = p.maxAge ?? 18;
    parts.push(lo === hi ? `Age ${lo}` : `Ages ${lo}–${hi}`);
  }
  return parts.join(', ') || 'All ages';
}

/** '3 seats left', '1 seat left' or 'Full — join the waitlist'. */
export function seatsText(seatsLeft: number) {
  if (seatsLeft <= 0) return 'Full — join the waitlist';
  return `${seatsLeft} ${seatsLeft === 1 ? 'seat' : 'seats'} left`;
}

export const priceText = (p: Pick<ProgramSummary, 'priceCents' | 'currency'>) =>
  formatMoneyFromCents(p.priceCents, p.currency);

/** Where it happens: the venue (public class) or the school. */
export const venueText = (p: Pick<ProgramSummary, 'venueName' | 'schoolName'>) => p.venueName ?? p.schoolName ?? '';
