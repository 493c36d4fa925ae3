import { describe, expect, it } from 'vitest';
import { calendarSubscribeLinks } from './calendar-subscribe-links.ts';

describe('calendarSubscribeLinks', () => {
  const feed = 'https://kikstart.example/api/calendar/s3cr3t-token_x.ics';

  it('opens the system calendar with a webcal:// link (Apple)', () => {
    expect(calendarSubscribeLinks(feed).apple).toBe('webcal://kikstart.example/api/calendar/s3cr3t-token_x.ics');
    expect(calendarSubscribeLinks('http://localhost:3000/api/calendar/a.ics').apple).toBe(
      'webcal://localhost:3000/api/calendar/a.ics',
    );
  });

  it('pre-fills Google Calendar and Outlook with the encoded feed', () => {
    const links = calendarSubscribeLinks(feed);
    expect(links.google).toBe(
      'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fkikstart.example%2Fapi%2Fcalendar%2Fs3cr3t-token_x.ics',
    );
    const outlook = new URL(links.outlook);
    expect(outlook.origin + outlook.pathname).toBe('https://outlook.live.com/calendar/0/addfromweb');
    expect(outlook.searchParams.get('url')).toBe(feed);
    expect(outlook.searchParams.get('name')).toBe('KikStart sessions');
  });
});
