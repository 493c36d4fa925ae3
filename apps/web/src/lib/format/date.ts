// Intl rather than dayjs: this runs on the landing page, where every kilobyte counts.
const DISPLAY_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date from the API (YYYY-MM-DD) as '20 Feb 2027'; the day never shifts with the time zone. */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : DISPLAY_DATE.format(date).replace('Sept', 'Sep');
}
