import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminProgramRow } from '@kikstart/contract/admin-catalog';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDateRange } from '../../../lib/format/dates.ts';
import { priceText } from '../../../lib/format/program-text.ts';
import { adminPath } from '../admin-paths.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useAdminPrograms } from './api/get-admin-programs.ts';
import { useSchoolOptions } from './api/get-school-options.ts';

const columns: AdminColumn<AdminProgramRow>[] = [
  {
    key: 'title',
    label: 'Program',
    sortable: true,
    render: (p) => (
      <Link component={RouterLink} to={adminPath('programs', p.id)} sx={{ fontWeight: 600 }}>
        {p.title}
      </Link>
    ),
  },
  { key: 'school', label: 'School', render: (p) => p.schoolName ?? 'Public venue' },
  { key: 'firstDate', label: 'Dates', sortable: true, render: (p) => formatDateRange(p.firstDate, p.lastDate) },
  {
    key: 'capacity',
    label: 'Seats taken',
    sortable: true,
    align: 'right',
    render: (p) => `${p.seatsTaken} / ${p.capacity}${p.waitlist ? ` (+${p.waitlist} waiting)` : ''}`,
  },
  { key: 'priceCents', label: 'Price', sortable: true, align: 'right', render: (p) => priceText(p) },
  {
    key: 'published',
    label: 'Status',
    render: (p) =>
      p.published ? <Chip size="small" color="success" label="Published" /> : <Chip size="small" label="Draft" />,
  },
];

/** /admin/programs: every program, published or not. */
export function ProgramsPage() {
  const params = useListParams(['published', 'schoolId']);
  const { data } = useAdminPrograms(params.query);
  const schools = useSchoolOptions().data ?? [];
  const filtered = Boolean(params.q || params.filters.published || params.filters.schoolId);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, flexGrow: 1 }}>
          Programs
        </Typography>
        <Button variant="contained" component={RouterLink} to={adminPath('programs', 'new')}>
          New program
        </Button>
      </Box>
      <AdminTable
        label="Programs"
        columns={columns}
        data={data}
        params={params}
        rowKey={(p) => p.id}
        searchLabel="Search by title, activity or school"
        toolbar={
          <>
            <TextField
              select
              size="small"
              label="Status"
              value={params.filters.published}
              onChange={(e) => params.update({ published: e.target.value })}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">All</MenuItem>
              <MenuItem value="true">Published</MenuItem>
              <MenuItem value="false">Drafts</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label="School"
              value={params.filters.schoolId}
              onChange={(e) => params.update({ schoolId: e.target.value })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">All schools</MenuItem>
              {schools.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
        empty={
          filtered ? (
            <EmptyState
              title="No programs match"
              text="Try other words or clear the filters."
              actions={
                <Button variant="outlined" onClick={() => params.update({ q: '', published: '', schoolId: '' })}>
                  Clear the filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="No programs yet"
              text="Create the first program: its schedule, seats and price. It stays a draft until you publish it."
              actions={
                <Button variant="contained" component={RouterLink} to={adminPath('programs', 'new')}>
                  New program
                </Button>
              }
            />
          )
        }
      />
    </>
  );
}
