import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import {
  COACH_PROFILE_LIMITS,
  coachProfileInputSchema,
  type CoachProfileInput,
} from '@kikstart/contract/admin-catalog';
import { UPLOAD_MESSAGES, uploadAccept, uploadProblem } from '@kikstart/contract/uploads';
import { ApiError } from '../lib/api-client.ts';
import { avatarInitials } from '../lib/format/initials.ts';
import { uploadUrl } from '../lib/upload-url.ts';
import { FormTextField } from './form/form-text-field.tsx';
import { SubmitButton } from './form/submit-button.tsx';

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
 * (the one the API uses), its first problem shown under the field.
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

export interface CoachProfileFormProfile {
  name: string;
  bio: string;
  credentials: string[];
  photoUrl: string | null;
}

/**
 * A coach's photo, bio and credentials: the coach edits their own at /coach/profile and staff edit
 * anyone's from the console, with the same fields, rules and messages. The photo is chosen first
 * and uploaded after the text saves, so one button saves both.
 */
export function CoachProfileForm({
  profile,
  heading,
  headingId,
  ownProfile,
  onSave,
  onUploadPhoto,
}: {
  profile: CoachProfileFormProfile;
  heading: string;
  /** The id the form's heading gets (the form and any card around it are labeled by it). */
  headingId: string;
  /** The coach editing their own profile ("Your photo") rather than staff editing someone's. */
  ownProfile: boolean;
  onSave: (input: CoachProfileInput) => Promise<CoachProfileInput>;
  onUploadPhoto: (file: File) => Promise<unknown>;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    try {
      try {
        const saved = await onSave({ bio: values.bio, credentials: linesOf(values.credentials) });
        reset({ bio: saved.bio, credentials: saved.credentials.join('\n') });
      } catch (error) {
        showServerErrors(error, setError);
        return;
      }
      if (!photo) return;
      try {
        await onUploadPhoto(photo.file);
        setPhoto(null);
      } catch (error) {
        // A refused picture (not a JPEG or PNG by its bytes, unreadable, too large) is about the photo.
        setPhotoError(
          error instanceof ApiError ? (error.errors.photo ?? error.message) : 'The photo could not be uploaded.',
        );
      }
    } finally {
      setBusy(false);
    }
  });

  const current = photo?.preview ?? uploadUrl(profile.photoUrl);
  const whose = ownProfile ? 'your' : `${profile.name}'s`;
  const alt = photo ? `Preview of ${whose} new photo` : ownProfile ? 'Your photo' : `${profile.name}'s photo`;
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: 22, sm: 26 }, mb: 3 }}>
        {heading}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}
      >
        <Avatar
          src={current}
          alt={current ? alt : undefined}
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
          helperText={`${ownProfile ? 'Your' : 'The'} coaching background in a few sentences, up to ${COACH_PROFILE_LIMITS.bio} characters.`}
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
