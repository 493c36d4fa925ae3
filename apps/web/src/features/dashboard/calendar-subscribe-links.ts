/** What the subscription is called in the calendar app. */
export const CALENDAR_NAME = 'KikStart sessions';

export interface CalendarSubscribeLinks {
  /** webcal:// opens the system calendar (Apple Calendar on a Mac or iPhone) on the subscribe dialog. */
  apple: string;
  /** Google Calendar's "add by URL" page, pre-filled. */
  google: string;
  /** Outlook on the web's "subscribe from web" page, pre-filled with the feed and its name. */
  outlook: string;
}

/**
 * The one-click subscribe links for the family's secret feed URL (https://…/api/calendar/<secret>.ics).
 * Each app then fetches the feed itself and keeps it up to date.
 */
export function calendarSubscribeLinks(feedUrl: string): CalendarSubscribeLinks {
  const webcal = feedUrl.replace(/^https?:\/\//i, 'webcal://');
  return {
    apple: webcal,
    google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent(CALENDAR_NAME)}`,
  };
}
