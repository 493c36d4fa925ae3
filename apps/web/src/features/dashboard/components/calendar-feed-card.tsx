import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { notify } from '../../../lib/notifications.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';

/** The family's secret iCalendar URL, with a copy button, for Google, Apple or Outlook calendars. */
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
        Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see every session. Keep it private:
        anyone with it can see your family’s schedule.
      </Typography>
      {feed.isPending ? (
        <Skeleton animation="wave" variant="rounded" height={56} aria-hidden />
      ) : feed.isError ? (
        <Typography color="error">The calendar link could not be loaded.</Typography>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label="Calendar feed URL"
            value={feed.data.url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="contained" onClick={copy} startIcon={<ContentCopy aria-hidden />} sx={{ flexShrink: 0 }}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
