import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export interface CalendarFeed {
  url: string;
  createdAt: string;
}

/** GET /api/calendar/feed-url: the family's secret iCalendar subscription URL. */
export const getCalendarFeed = (signal?: AbortSignal) => apiGet<CalendarFeed>('/calendar/feed-url', { signal });

export const calendarFeedQueryOptions = () => queryOptions({ queryKey: ['calendar', 'feed-url'], queryFn: ({ signal }) => getCalendarFeed(signal) });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());
