import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminCoach } from '@kikstart/contract/admin-catalog';
import { NoSearchMatches } from '../components/no-search-matches.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { avatarInitials } from '../../../lib/format/initials.ts';
import { uploadUrl } from '../../../lib/upload-url.ts';
import { adminPath } from '../admin-paths.ts';
import { AdminTable, type AdminColumn } from '../components/admin-table.tsx';
import { useListParams } from '../components/use-list-params.ts';
import { useAdminCoaches } from './api/get-admin-coaches.ts';
import { CoachProfileDialog } from './components/coach-profile-dialog.tsx';

/** What families miss on a program page when the coach's profile is not filled in. */
const missing = (c: AdminCoach) =>
  [!c.photoUrl && 'photo', !c.bio && 'bio', c.credentials.length === 0 && 'credentials'].filter(Boolean).join(', ');

const columns: AdminColumn<AdminCoach>[] = [
  {
    key: 'name',
    label: 'Coach',
    sortable: true,
    render: (c) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={uploadUrl(c.photoUrl)} alt="" sx={{ width: 36, height: 36, fontSize: 15 }}>
          {avatarInitials(c.name) || '?'}
        </Avatar>
        <strong>{c.name}</strong>
      </Box>
    ),
  },
  { key: 'email', label: 'Email', sortable: true, render: (c) => c.email },
  { key: 'programs', label: 'Programs', align: 'right', nowrap: true, render: (c) => c.programs },
  {
    key: 'profile',
    label: 'Profile',
    render: (c) =>
      missing(c) ? (
        <Chip size="small" color="warning" label={`Missing: ${missing(c)}`} />
      ) : (
        <Chip size="small" color="success" label="Complete" />
      ),
  },
  { key: 'actions', label: 'Actions', align: 'right', nowrap: true, render: (c) => <CoachProfileDialog coach={c} /> },
];

/** /admin/coaches: every account with the coach role and the profile families read on program pages. */
export function CoachesPage() {
  const params = useListParams();
  const { data } = useAdminCoaches(params.query);
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: { xs: 28, md: 36 }, mb: 1 }}>
        Coaches
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Families read a coach’s photo, bio and credentials on the page of every program they coach.
      </Typography>
      <AdminTable
        label="Coaches"
        columns={columns}
        data={data}
        params={params}
        rowKey={(c) => c.id}
        searchLabel="Search by name or email"
        empty={
          params.q ? (
            <NoSearchMatches what="coaches" onClear={() => params.update({ q: '' })} />
          ) : (
            <EmptyState
              title="No coaches yet"
              text="Give an account the coach role under Families, or approve a coach application under Leads; coaches then show here."
              actions={
                <>
                  <Button variant="outlined" component={RouterLink} to={adminPath('families')}>
                    Open Families
                  </Button>
                  <Button variant="outlined" component={RouterLink} to={adminPath('leads')}>
                    Open Leads
                  </Button>
                </>
              }
            />
          )
        }
      />
    </>
  );
}
