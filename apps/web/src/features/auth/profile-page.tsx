import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { changePasswordSchema, profileUpdateSchema, signupSchema } from '@kikstart/contract/auth';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { PhoneField } from '../../components/form/phone-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { getAuthToken } from '../../lib/cookies.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { avatarInitials } from '../../lib/format/initials.ts';
import { formatPhoneAsTyped } from '../../lib/format/phone.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useChangePassword } from './api/change-password.ts';
import { useProfileQuery, type Profile } from './api/get-profile.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { AVATAR_ACCEPT, AVATAR_HINT, avatarFileProblem } from './avatar-file.ts';
import { uploadUrl } from '../../lib/upload-url.ts';
import { NameFields } from './components/name-fields.tsx';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { AccountDataSection } from './components/account-data-section.tsx';
import { PASSWORDS_DIFFER } from './password-copy.ts';

const profileFormSchema = signupSchema
  .pick({ firstName: true, lastName: true, phone: true })
  .extend({ address: profileUpdateSchema.shape.address });
type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormOutput = z.output<typeof profileFormSchema>;

const passwordFormSchema = changePasswordSchema
  .and(z.object({ confirmPassword: z.string() }))
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER });
type PasswordFormInput = z.input<typeof passwordFormSchema>;
type PasswordFormOutput = z.output<typeof passwordFormSchema>;

const fullName = (p: Profile) => [p.firstName, p.lastName].filter(Boolean).join(' ');

/** /account/profile (signed in): view and edit the profile and avatar, change the password. */
export function ProfilePage() {
  usePageMeta({
    title: 'Your profile',
    description: 'Your KikStart account: name, contact details, photo and password.',
  });
  const profile = useProfileQuery(getAuthToken());
  const user = profile.data?.status === 200 ? profile.data.data : null;
  const [editing, setEditing] = useState(false);

  if (!user) return <PageLoader label="Loading your profile" />;
  return (
    <Box sx={{ py: { xs: 4, md: 6 } }}>
      <Container maxWidth="md">
        <Typography variant="h1" sx={{ fontSize: { xs: 28, sm: 36 }, mb: 1 }}>
          Your profile
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Keep your details current: programs and coaches use them to reach you.
        </Typography>
        <Stack spacing={4}>
          <Card component="section" aria-labelledby="profile-details-title">
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              {editing ? (
                <ProfileForm user={user} onClose={() => setEditing(false)} />
              ) : (
                <ProfileDetails user={user} onEdit={() => setEditing(true)} />
              )}
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="change-password-title">
            <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
              <ChangePasswordForm />
            </CardContent>
          </Card>
          <AccountDataSection isParent={user.roles.includes('parent')} />
        </Stack>
      </Container>
    </Box>
  );
}

function ProfileAvatar({ name, src, size = 88 }: { name: string; src?: string; size?: number }) {
  return (
    <Avatar
      src={src}
      alt={src ? `Photo of ${name}` : undefined}
      sx={{ width: size, height: size, fontSize: size / 2.8, fontWeight: 700, bgcolor: 'primary.dark', color: '#fff' }}
    >
      {avatarInitials(name) || '?'}
    </Avatar>
  );
}

function ProfileDetails({ user, onEdit }: { user: Profile; onEdit: () => void }) {
  const name = fullName(user);
  const rows: { label: string; value: string }[] = [
    { label: 'Name', value: name },
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phone ? formatPhoneAsTyped(user.phone) : 'Not added yet' },
    { label: 'Address', value: user.address || 'Not added yet' },
  ];
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}
      >
        <ProfileAvatar name={name} src={uploadUrl(user.avatarUrl)} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id="profile-details-title"
            variant="h2"
            sx={{ fontSize: { xs: 22, sm: 26 }, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
          Edit profile
        </Button>
      </Stack>
      <Divider sx={{ mb: 2 }} />
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' },
          rowGap: { xs: 0.5, sm: 1.5 },
          columnGap: 2,
        }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1.5, sm: 0 } }}>
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

function ProfileForm({ user, onClose }: { user: Profile; onClose: () => void }) {
  const update = useUpdateProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // The chosen photo and its preview (an object URL, freed when replaced or on leaving).
  const [avatar, setAvatar] = useState<{ file: File; preview: string } | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const name = fullName(user);

  useEffect(() => {
    if (!avatar) return;
    const { preview } = avatar;
    return () => URL.revokeObjectURL(preview);
  }, [avatar]);

  const { control, handleSubmit, setError } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: formatPhoneAsTyped(user.phone ?? ''),
      address: user.address ?? '',
    },
  });

  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    setAvatarError(problem);
    if (problem) return;
    setAvatar({ file, preview: URL.createObjectURL(file) });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ fields: values, avatar: avatar?.file });
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, ['firstName', 'lastName', 'phone', 'address'])) return;
      // A refused image (wrong bytes, too large) is about the photo.
      if (error instanceof ApiError && error.errors.avatar) setAvatarError(error.errors.avatar);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="profile-details-title">
      <Typography id="profile-details-title" variant="h2" sx={{ fontSize: { xs: 22, sm: 26 }, mb: 3 }}>
        Edit your profile
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 3 }}
      >
        <ProfileAvatar name={name} src={avatar ? avatar.preview : uploadUrl(user.avatarUrl)} />
        <Box>
          <input
            ref={fileInput}
            type="file"
            name="avatar"
            accept={AVATAR_ACCEPT}
            hidden
            onChange={(e) => {
              chooseFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<PhotoCameraOutlined />}
              onClick={() => fileInput.current?.click()}
              aria-describedby={hintId}
            >
              {user.avatarUrl || avatar ? 'Change photo' : 'Add a photo'}
            </Button>
            {avatar && (
              <Button variant="text" onClick={() => setAvatar(null)}>
                Keep the current photo
              </Button>
            )}
          </Stack>
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {avatar ? `Selected: ${avatar.file.name}. It is saved with the profile. ` : ''}
            {AVATAR_HINT}
          </Typography>
          {avatarError && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
              {avatarError}
            </Typography>
          )}
        </Box>
      </Stack>
      <Stack spacing={2.5}>
        <NameFields control={control} />
        <TextField
          label="Email"
          value={user.email}
          fullWidth
          helperText="Your sign-in email. To change it, contact us."
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <PhoneField control={control} name="phone" label="Phone" required />
        <FormTextField
          control={control}
          name="address"
          label="Address"
          autoComplete="street-address"
          multiline
          minRows={2}
          helperText="Optional. Street, city and ZIP code."
        />
        <Stack direction="row" spacing={2}>
          <SubmitButton loading={update.isPending}>Save changes</SubmitButton>
          <Button variant="text" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const { control, handleSubmit, setError, reset } = useForm<PasswordFormInput, unknown, PasswordFormOutput>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      // The toast carries the server's "password changed" (spec §8); the form only empties.
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
    } catch (error) {
      applyServerErrors(error, setError, ['currentPassword', 'newPassword']);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="change-password-title">
      <Typography id="change-password-title" variant="h2" sx={{ fontSize: { xs: 22, sm: 26 }, mb: 1 }}>
        Change password
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        After the change, other devices signed in to your account are signed out.
      </Typography>
      <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
        <PasswordField
          control={control}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields control={control} name="newPassword" label="New password" />
        <Box>
          <SubmitButton loading={change.isPending}>Change password</SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
