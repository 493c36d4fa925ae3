/** The family's iCalendar subscription (GET /calendar/feed-url, POST /calendar/feed-url/rotate). */

export const CALENDAR_MESSAGES = {
  /** A wrong, rotated or malformed feed secret: the same answer for each. */
  feedNotFound: 'Calendar feed not found',
  rotated: 'Calendar link replaced',
} as const;

/** data of GET /calendar/feed-url and of its rotation. */
export interface CalendarFeed {
  /** The secret subscription URL (`<public URL>/api/calendar/<secret>.ics`); whoever has it sees the schedule. */
  url: string;
  /** ISO 8601: when this secret was made. */
  createdAt: string;
}
