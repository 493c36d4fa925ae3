import dayjs from 'dayjs';

/**
 * Chat timestamps (spec §9), in the local time zone: today 'h:mm AM/PM', yesterday
 * 'Yesterday', otherwise 'D MMM YYYY'. Future dates (clock skew) are shown as a date.
 */
export function formatChatTimestamp(date: Date | string | number, now: Date = new Date()): string {
  const value = dayjs(date);
  if (!value.isValid()) return '';
  const today = dayjs(now).startOf('day');
  if (value.isSame(today, 'day')) return value.format('h:mm A');
  if (value.isSame(today.subtract(1, 'day'), 'day')) return 'Yesterday';
  return value.format('D MMM YYYY');
}
