import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdminSchool } from '@kikstart/contract/admin-catalog';
import { NoSearchMatches } from '../components/no-search-matches.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useAdminSchools } from './api/get-admin-schools.ts';
import { useDeleteSchool } from './api/delete-school.ts';
import { DeleteRowButton } from './components/delete-row-button.tsx';
import { SchoolDialog } from './components/school-dialog.tsx';

function SchoolActions({ school }: { school: AdminSchool }) {
  const remove = useDeleteSchool();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <SchoolDialog school={school} />
      <DeleteRowButton
        name={school.name}
        what="school"
        text={
          school.programs
            ? `${school.programs} ${school.programs === 1 ? 'program runs' : 'programs run'} here: the school cannot be deleted until they move or are deleted.`
            : 'No program runs here, so the school is deleted for good.'
        }
        onDelete={() => remove.mutateAsync(school.id)}
      />
    </Box>
  );
}

const columns: AdminColumn<AdminSchool>[] = [
  { key: 'name', label: 'School', sortable: true, render: (s) => <strong>{s.name}</strong> },
  {
    key: 'city',
    label: 'Address',
    sortable: true,
    render: (s) => `${s.address}, ${s.city}${s.postalCode ? ` ${s.postalCode}` : ''}`,
  },
  { key: 'programs', label: 'Programs', align: 'right', nowrap: true, render: (s) => s.programs },
  {
    key: 'isPartner',
    label: 'Partner',
    nowrap: true,
    render: (s) =>
      s.isPartner ? <Chip size="small" color="success" label="Partner" /> : <Chip size="small" label="Not listed" />,
  },
  { key: 'actions', label: 'Actions', align: 'right', nowrap: true, render: (s) => <SchoolActions school={s} /> },
];

/** /admin/schools: the schools programs run at; partner schools show on the public site. */
export function SchoolsPage() {
  const params = useListParams();
  const { data } = useAdminSchools(params.query);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, flexGrow: 1 }}>
          Schools
        </Typography>
        <SchoolDialog />
      </Box>
      <AdminTable
        label="Schools"
        columns={columns}
        data={data}
        params={params}
        rowKey={(s) => s.id}
        searchLabel="Search by name or city"
        empty={
          params.q ? (
            <NoSearchMatches what="schools" onClear={() => params.update({ q: '' })} />
          ) : (
            <EmptyState
              title="No schools yet"
              text="Add the schools your programs run at; a program can then be placed at one."
              actions={<SchoolDialog />}
            />
          )
        }
      />
    </>
  );
}
