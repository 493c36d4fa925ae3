import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '@kikstart/contract/calendar';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/calendar/feed-url: the family's secret iCalendar subscription URL. */
export const getCalendarFeed = (signal?: AbortSignal) => apiGet<CalendarFeed>('/calendar/feed-url', { signal });

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: ['calendar', 'feed-url'], queryFn: ({ signal }) => getCalendarFeed(signal) });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());
