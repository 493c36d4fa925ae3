import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { CoachProfile } from '@kikstart/contract/coach';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { CoachProfileForm } from '../../components/coach-profile-form.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { CoachBreadcrumbs } from './components/coach-breadcrumbs.tsx';
import { useCoachPrograms } from './api/get-coach-programs.ts';
import { useCoachProfile } from './api/get-coach-profile.ts';
import { useSaveCoachProfile } from './api/save-coach-profile.ts';
import { useUploadCoachPhoto } from './api/upload-coach-photo.ts';

const TITLE = 'My coach profile';

/** /coach/profile: the coach's own photo, bio and credentials, as families see them on program pages. */
export function CoachProfilePage() {
  usePageMeta({ title: TITLE, description: 'Your photo, bio and credentials, shown on your programs’ pages.' });
  const roles = useAppSelector((s) => s.session.userData?.roles ?? []);
  const isCoach = roles.includes('coach');
  return (
    <Container maxWidth="md" sx={accountPageSx}>
      <CoachBreadcrumbs current={TITLE} />
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 1 }}>
        {TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Families read your photo, bio and credentials on the page of every program you coach.
      </Typography>
      {isCoach ? (
        <CoachProfileSection />
      ) : (
        <Typography>
          Your account does not have the coach role, so it has no coach profile. Administrators edit coaches’ profiles
          from the staff console.
        </Typography>
      )}
    </Container>
  );
}

function CoachProfileSection() {
  const profile = useCoachProfile();
  if (profile.isError)
    return <LoadError onRetry={() => void profile.refetch()}>Your profile could not be loaded.</LoadError>;
  if (profile.isPending)
    return (
      <Stack spacing={3} aria-hidden data-testid="profile-skeleton">
        {/* The form card's height at a phone's width and wider, so nothing moves when it arrives. */}
        <Skeleton animation="wave" variant="rounded" sx={{ height: { xs: 800, sm: 620 } }} />
        <Skeleton animation="wave" variant="rounded" height={120} />
      </Stack>
    );
  return (
    <Stack spacing={3}>
      <Card component="section" aria-labelledby="coach-profile-form-title" variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <OwnProfileForm profile={profile.data} />
        </CardContent>
      </Card>
      <ShownOn />
    </Stack>
  );
}

function OwnProfileForm({ profile }: { profile: CoachProfile }) {
  const save = useSaveCoachProfile();
  const upload = useUploadCoachPhoto();
  return (
    <CoachProfileForm
      profile={profile}
      heading="Photo, bio and credentials"
      headingId="coach-profile-form-title"
      ownProfile
      onSave={(input) => save.mutateAsync(input)}
      onUploadPhoto={(file) => upload.mutateAsync(file)}
    />
  );
}

/** Where families see the profile: a link to each program's public page. */
function ShownOn() {
  const programs = useCoachPrograms();
  if (programs.isError) return null;
  const published = programs.data?.filter((p) => p.published) ?? [];
  return (
    <Box component="section" aria-labelledby="coach-profile-shown-on">
      <Typography id="coach-profile-shown-on" variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        Where families see it
      </Typography>
      {programs.isPending ? (
        <Skeleton animation="wave" variant="text" width="60%" />
      ) : published.length === 0 ? (
        <Typography color="text.secondary">
          On the public page of each program you coach. When an administrator assigns you to a published program, it is
          listed here.
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {published.map((p) => (
            <li key={p.id}>
              <Link component={RouterLink} to={pathTo(paths.programDetails, { id: p.id })}>
                {p.title}
              </Link>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
