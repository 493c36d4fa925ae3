import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '@kikstart/contract/admin-dashboard';
import { formatMoneyFromCents } from '../../../../lib/format/money.ts';
import { LoadError } from '../../../../components/load-error.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { useDateRange } from '../use-date-range.ts';
import { fillPercent } from './fill-rate.ts';
import { lazyPage } from '../../../../lib/lazy-part.tsx';

// The charting library is the console's heaviest code: it loads only once numbers are there to draw.
const DashboardCharts = lazyPage(() => import('./dashboard-charts.tsx').then((m) => m.DashboardCharts));

/** The console home's top: a range of days (in the URL), the headline numbers, then the charts. */
export function DashboardPanel() {
  const { values, range, error, update } = useDateRange();
  const query = useDashboard(range);
  const data = query.data;
  return (
    <Box component="section" aria-labelledby="dashboard-title" sx={{ mb: 5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 3 }}>
        <Typography id="dashboard-title" variant="h2" sx={{ fontSize: 22, flex: '1 1 200px', mt: 1 }}>
          How the business is doing
        </Typography>
        <TextField
          label="From"
          type="date"
          size="small"
          value={values.from}
          onChange={(e) => update({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={values.to}
          onChange={(e) => update({ to: e.target.value })}
          error={Boolean(error)}
          helperText={error ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
        />
      </Box>
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>The numbers could not be loaded.</LoadError>
      ) : (
        <>
          <Summary data={data} />
          {data ? (
            <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
              <DashboardCharts data={data} />
            </Suspense>
          ) : (
            <Skeleton variant="rounded" height={280} />
          )}
        </>
      )}
    </Box>
  );
}

function Summary({ data }: { data: Dashboard | undefined }) {
  const seats = data?.programs.reduce((sum, p) => sum + p.seatsTaken, 0) ?? 0;
  const capacity = data?.programs.reduce((sum, p) => sum + p.capacity, 0) ?? 0;
  const waitlist = data?.programs.reduce((sum, p) => sum + p.waitlist, 0) ?? 0;
  const revenue = data?.revenue.currencies ?? [];
  const figures = data
    ? [
        { label: 'Enrollments', value: String(data.enrollments.total), note: 'created in these days' },
        {
          label: 'Net revenue',
          value: revenue.length
            ? revenue.map((c) => formatMoneyFromCents(c.netCents, c.currency)).join(' · ')
            : formatMoneyFromCents(0),
          note: 'payments minus refunds',
        },
        {
          label: 'Fill rate',
          value: `${fillPercent({ seatsTaken: seats, capacity })}%`,
          note: `${seats} of ${capacity} seats, now`,
        },
        { label: 'On waitlists', value: String(waitlist), note: 'children waiting, now' },
        { label: 'New leads', value: String(data.leads.total), note: 'in these days' },
      ]
    : null;
  return (
    <Box
      component="dl"
      aria-busy={!data || undefined}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, m: 0, mb: 3 }}
    >
      {figures
        ? figures.map((f) => (
            <Paper key={f.label} variant="outlined" sx={{ p: 2 }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {f.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: 26, fontWeight: 700 }}>
                {f.value}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.secondary' }}>
                {f.note}
              </Typography>
            </Paper>
          ))
        : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} variant="rounded" height={104} />)}
    </Box>
  );
}
