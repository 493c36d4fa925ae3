import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { DASHBOARD_LEAD_LABELS, type Dashboard } from '@kikstart/contract/admin-dashboard';
import { ENROLLMENT_STATUS_LABELS } from '@kikstart/contract/enrollment-status';
import { formatMoneyFromCents } from '../../../../lib/format/money.ts';
import { visuallyHidden } from '../../../../components/visually-hidden.ts';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { fillPercent } from './fill-rate.ts';

/**
 * The dashboard's charts (loaded on their own, so only the console ever downloads the charting
 * library). A chart is a picture: it is hidden from screen readers, and each one carries the
 * same numbers as a table (visually hidden unless the numbers are the point, like fill rates).
 */
export function DashboardCharts({ data }: { data: Dashboard }) {
  // The brand's accessible red (GUIDE §7) for every series: one measure per chart, no legend needed.
  const color = useTheme().palette.primary.main;
  const revenue = data.revenue.currencies;
  const bucketLabel = data.revenue.bucket === 'day' ? 'Day' : 'Week of';
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {revenue.length === 0 ? (
        <ChartCard title="Revenue">
          <Typography sx={{ color: 'text.secondary' }}>No payments or refunds in these days.</Typography>
        </ChartCard>
      ) : (
        revenue.map((c) => (
          <ChartCard key={c.currency} title={`Net revenue per ${data.revenue.bucket} (${c.currency.toUpperCase()})`}>
            <Box aria-hidden>
              <LineChart
                height={240}
                skipAnimation
                disableKeyboardNavigation
                hideLegend
                xAxis={[{ scaleType: 'point', data: c.series.map((s) => s.start), tickLabelStyle: { fontSize: 11 } }]}
                yAxis={[{ valueFormatter: (v: number) => formatMoneyFromCents(v, c.currency), width: 64 }]}
                series={[
                  {
                    data: c.series.map((s) => s.netCents),
                    label: 'Net revenue',
                    color,
                    area: true,
                    valueFormatter: (v) => formatMoneyFromCents(v ?? 0, c.currency),
                  },
                ]}
              />
            </Box>
            <HiddenTable
              caption={`Net revenue per ${data.revenue.bucket}`}
              head={[bucketLabel, 'Net revenue']}
              rows={c.series.map((s) => [s.start, formatMoneyFromCents(s.netCents, c.currency)])}
            />
          </ChartCard>
        ))
      )}
      <ChartCard title="Enrollments by status">
        <Box aria-hidden>
          <BarChart
            height={240}
            skipAnimation
            disableKeyboardNavigation
            hideLegend
            layout="horizontal"
            yAxis={[
              {
                scaleType: 'band',
                data: data.enrollments.byStatus.map((s) => ENROLLMENT_STATUS_LABELS[s.status]),
                width: 140,
              },
            ]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[{ data: data.enrollments.byStatus.map((s) => s.count), label: 'Enrollments', color }]}
          />
        </Box>
        <HiddenTable
          caption="Enrollments by status"
          head={['Status', 'Enrollments']}
          rows={data.enrollments.byStatus.map((s) => [ENROLLMENT_STATUS_LABELS[s.status], String(s.count)])}
        />
      </ChartCard>
      <ChartCard title="New leads by kind">
        {data.leads.total === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No new leads in these days.</Typography>
        ) : (
          <Box aria-hidden>
            <BarChart
              height={Math.max(240, data.leads.byKind.length * 32)}
              skipAnimation
              disableKeyboardNavigation
              hideLegend
              layout="horizontal"
              yAxis={[
                { scaleType: 'band', data: data.leads.byKind.map((k) => DASHBOARD_LEAD_LABELS[k.kind]), width: 150 },
              ]}
              xAxis={[{ tickMinStep: 1 }]}
              series={[{ data: data.leads.byKind.map((k) => k.count), label: 'New leads', color }]}
            />
          </Box>
        )}
        <HiddenTable
          caption="New leads by kind"
          head={['Kind', 'New leads']}
          rows={data.leads.byKind.map((k) => [DASHBOARD_LEAD_LABELS[k.kind], String(k.count)])}
        />
      </ChartCard>
      <ChartCard title="Fill rate per program (now)">
        {data.programs.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>
            No running or upcoming programs. Add one under Programs.
          </Typography>
        ) : (
          <>
            <Box aria-hidden>
              <BarChart
                height={Math.max(200, data.programs.length * 28)}
                skipAnimation
                disableKeyboardNavigation
                hideLegend
                layout="horizontal"
                yAxis={[{ scaleType: 'band', data: data.programs.map((p) => p.title), width: 170 }]}
                xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
                series={[
                  {
                    data: data.programs.map((p) => fillPercent(p)),
                    label: 'Fill rate',
                    valueFormatter: (v) => `${v}%`,
                  },
                ]}
              />
            </Box>
            <ScrollTable label="Fill rate and waitlist per program">
              <Table size="small">
                <caption style={visuallyHidden}>Fill rate and waitlist per program</caption>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>Program</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      Seats taken
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      Fill rate
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      Waitlist
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.programs.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell>
                        {p.title}
                        {!p.published && ' (unpublished)'}
                      </TableCell>
                      <TableCell align="right">
                        {p.seatsTaken} of {p.capacity}
                      </TableCell>
                      <TableCell align="right">{fillPercent(p)}%</TableCell>
                      <TableCell align="right">{p.waitlist}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollTable>
          </>
        )}
      </ChartCard>
    </Box>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: 18, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The chart's numbers for screen readers. */
function HiddenTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r[0]}>
            {r.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={i}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
