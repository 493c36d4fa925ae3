import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { Link as RouterLink } from 'react-router';
import { COACH_PROFILE_LIMITS, coachProfileInputSchema } from '@kikstart/contract/admin-catalog';
import type { CoachProfile } from '@kikstart/contract/coach';
import { UPLOAD_MESSAGES, uploadAccept, uploadProblem } from '@kikstart/contract/uploads';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { accountPageSx } from '../../components/account-page-title.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { avatarInitials } from '../../lib/format/initials.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths, pathTo } from '../../lib/paths.ts';
import { uploadUrl } from '../../lib/upload-url.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { CoachBreadcrumbs } from './components/coach-breadcrumbs.tsx';
import { useCoachPrograms } from './api/get-coach-programs.ts';
import { useCoachProfile } from './api/get-coach-profile.ts';
import { useSaveCoachProfile } from './api/save-coach-profile.ts';
import { useUploadCoachPhoto } from './api/upload-coach-photo.ts';

const TITLE = 'My coach profile';
const PHOTO_HINT = `${UPLOAD_MESSAGES.hint('image')}. A friendly, well-lit face photo works best.`;

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** "Credential 3: Must be at most 120 characters" for a rule on one line, else the list's own message. */
const credentialMessage = (path: readonly PropertyKey[], message: string) =>
  path.length ? `Credential ${Number(path[0]) + 1}: ${message}` : message;

/**
 * The form edits credentials as one line each; the list is checked by the contract's own rule
 * (the one the API and the staff console use), its first problem shown under the field.
 */
const formSchema = z.object({
  bio: coachProfileInputSchema.shape.bio,
  credentials: z.string().superRefine((text, ctx) => {
    const parsed = coachProfileInputSchema.shape.credentials.safeParse(linesOf(text));
    const issue = parsed.error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: credentialMessage(issue.path, issue.message) });
  }),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** The server's per-field messages under the form's two fields ('credentials.2' belongs to the list). */
function showServerErrors(error: unknown, setError: UseFormSetError<FormInput>): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    const [name, ...path] = field.split('.');
    if (name !== 'bio' && name !== 'credentials') continue;
    setError(
      name,
      { type: 'server', message: name === 'credentials' ? credentialMessage(path, message) : message },
      { shouldFocus: !shown },
    );
    shown = true;
  }
  return shown;
}

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
          <CoachProfileForm profile={profile.data} />
        </CardContent>
      </Card>
      <ShownOn />
    </Stack>
  );
}

function CoachProfileForm({ profile }: { profile: CoachProfile }) {
  const save = useSaveCoachProfile();
  const upload = useUploadCoachPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // The chosen photo and its preview (an object URL, freed when replaced or on leaving).
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return;
    const { preview } = photo;
    return () => URL.revokeObjectURL(preview);
  }, [photo]);

  const { control, handleSubmit, setError, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { bio: profile.bio, credentials: profile.credentials.join('\n') },
  });

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    const problem = uploadProblem('image', file);
    setPhotoError(problem);
    if (!problem) setPhoto({ file, preview: URL.createObjectURL(file) });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ bio: values.bio, credentials: linesOf(values.credentials) });
      reset({ bio: saved.bio, credentials: saved.credentials.join('\n') });
    } catch (error) {
      showServerErrors(error, setError);
      return;
    }
    if (!photo) return;
    try {
      await upload.mutateAsync(photo.file);
      setPhoto(null);
    } catch (error) {
      // A refused picture (not a JPEG or PNG by its bytes, unreadable, too large) is about the photo.
      setPhotoError(
        error instanceof ApiError ? (error.errors.photo ?? error.message) : 'The photo could not be uploaded.',
      );
    }
  });

  const busy = save.isPending || upload.isPending;
  const current = photo?.preview ?? uploadUrl(profile.photoUrl);
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="coach-profile-form-title">
      <Typography id="coach-profile-form-title" variant="h2" sx={{ fontSize: { xs: 22, sm: 26 }, mb: 3 }}>
        Photo, bio and credentials
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}
      >
        <Avatar
          src={current}
          alt={current ? (photo ? 'Preview of your new photo' : 'Your photo') : undefined}
          sx={{ width: 112, height: 112, fontSize: 40, fontWeight: 700, bgcolor: 'primary.dark', color: '#fff' }}
        >
          {avatarInitials(profile.name) || '?'}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <input
            ref={fileInput}
            type="file"
            name="photo"
            accept={uploadAccept('image')}
            hidden
            onChange={(e) => {
              chooseFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<PhotoCameraOutlined />}
              onClick={() => fileInput.current?.click()}
              aria-describedby={hintId}
              disabled={busy}
            >
              {profile.photoUrl || photo ? 'Change photo' : 'Add a photo'}
            </Button>
            {photo && (
              <Button variant="text" onClick={() => setPhoto(null)} disabled={busy}>
                Keep the current photo
              </Button>
            )}
          </Stack>
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {photo ? `Selected: ${photo.file.name}. It is saved with the profile. ` : ''}
            {PHOTO_HINT}
          </Typography>
          {photoError && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
              {photoError}
            </Typography>
          )}
        </Box>
      </Stack>
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="bio"
          label="Bio"
          multiline
          minRows={5}
          helperText={`Your coaching background in a few sentences, up to ${COACH_PROFILE_LIMITS.bio} characters.`}
          inputProps={{ maxLength: COACH_PROFILE_LIMITS.bio }}
        />
        <FormTextField
          control={control}
          name="credentials"
          label="Credentials"
          multiline
          minRows={3}
          helperText={`One per line, up to ${COACH_PROFILE_LIMITS.credentials}: licenses, certificates, first aid.`}
        />
        <Box>
          <SubmitButton loading={busy}>Save profile</SubmitButton>
        </Box>
      </Stack>
    </Box>
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
