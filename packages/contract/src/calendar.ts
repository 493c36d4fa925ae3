import { z } from 'zod';

/** data of GET /calendar/feed-url and POST /calendar/feed-url/rotate: the secret iCalendar subscription. */
export const calendarFeedSchema = z.object({
  /** https://…/api/calendar/<secret>.ics; whoever has it sees the family's schedule. */
  url: z.string(),
  /** ISO 8601: when this secret was made. */
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const CALENDAR_MESSAGES = {
  /** A wrong, rotated or malformed feed secret: the same answer for each. */
  feedNotFound: 'Calendar feed not found',
  rotated: 'Calendar link replaced',
} as const;
