import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { calendarSubscribeLinks } from '../calendar-subscribe-links.ts';

/** One-click subscribe buttons; Google and Outlook are web pages (a new tab), Apple is the system calendar. */
function SubscribeButtons({ feedUrl }: { feedUrl: string }) {
  const links = calendarSubscribeLinks(feedUrl);
  const buttons = [
    { app: 'Google', href: links.google, newTab: true },
    { app: 'Apple', href: links.apple, newTab: false },
    { app: 'Outlook', href: links.outlook, newTab: true },
  ];
  return (
    <>
      {buttons.map((b) => (
        <Button
          key={b.app}
          variant="outlined"
          href={b.href}
          startIcon={<EventAvailable aria-hidden />}
          sx={{ flexShrink: 0 }}
          {...(b.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {`Add to ${b.app}`}
          {b.newTab && (
            <Box component="span" sx={visuallyHidden}>
              {' (opens in a new tab)'}
            </Box>
          )}
        </Button>
      ))}
    </>
  );
}

/**
 * The family's secret iCalendar URL, with a copy button and one-click subscribe buttons for
 * Google, Apple and Outlook.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      setCopied(true);
      notify('success', 'Calendar link copied');
    } catch {
      notify('warning', 'Copy did not work here; select the link and copy it yourself.');
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="calendar-heading" sx={{ p: 3 }}>
      <Typography id="calendar-heading" variant="h3" component="h2" gutterBottom>
        Add sessions to your calendar
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Add every session to Google Calendar, Apple Calendar or Outlook; the calendar keeps itself up to date. Keep the
        link private: anyone with it can see your family’s schedule.
      </Typography>
      {feed.isPending ? (
        <Skeleton animation="wave" variant="rounded" height={108} aria-hidden />
      ) : feed.isError ? (
        <Typography color="error">The calendar link could not be loaded.</Typography>
      ) : (
        <Stack spacing={2}>
          <TextField
            label="Calendar feed URL"
            value={feed.data.url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(e) => e.target.select()}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={copy} startIcon={<ContentCopy aria-hidden />} sx={{ flexShrink: 0 }}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <SubscribeButtons feedUrl={feed.data.url} />
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
