import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { profileDisplayName } from '../../store/session-slice.ts';
import { useJoinFamily } from './api/join-family.ts';

/** /family/join?token=…: the signed-in parent confirms joining the inviter's family. */
export function FamilyJoinPage() {
  usePageMeta({ title: 'Join a family', description: 'Accept an invitation to share a family on KikStart.' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useAppSelector((s) => s.session.userData);
  const join = useJoinFamily();
  const [joined, setJoined] = useState(false);
  const failure = join.error instanceof ApiError ? join.error.message : join.error ? 'Something went wrong' : null;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 30, md: 40 }, mb: 2 }}>
        Join a family
      </Typography>
      {!token ? (
        <Alert severity="error">
          This invitation link is incomplete. Open the link from the invitation email again.
        </Alert>
      ) : joined ? (
        <Stack spacing={3}>
          <Alert severity="success" role="status">
            You now share this family. You can see and manage its children and enrollments.
          </Alert>
          <Button component={RouterLink} to={paths.dashboard} variant="contained">
            Go to the dashboard
          </Button>
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Typography>
            You were invited to share a family on KikStart. You are signed in as{' '}
            <strong>{profileDisplayName(user)}</strong>
            {user?.email ? ` (${user.email})` : ''}. Joining lets you see and manage the family’s children and
            enrollments with your own sign-in.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              size="large"
              disabled={join.isPending}
              startIcon={join.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              onClick={() => join.mutate(token, { onSuccess: () => setJoined(true) })}
            >
              Join the family
            </Button>
            <Button component={RouterLink} to={paths.dashboard}>
              Not now
            </Button>
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
