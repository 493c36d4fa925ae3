import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, signinSchema, type SigninInput } from '@kikstart/contract/auth';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { paths } from '../../lib/paths.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { setProfile } from '../../store/session-slice.ts';
import { ApiError } from '../../lib/api-client.ts';
import { setAuthToken } from '../../lib/cookies.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import type { Profile } from './api/get-profile.ts';
import { useResendVerification } from '../../api/resend-verification.ts';
import { useSignin } from './api/signin.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { safeNextPath } from './safe-next.ts';

/** The server keeps sessions for 30 days; the cookie lasts as long. */
const SESSION_DAYS = 30;

/** /auth/login: sign in, then go to `next` (same-site only) or the dashboard. */
export function LoginPage() {
  usePageMeta({
    title: 'Sign in',
    description: 'Sign in to your KikStart parent account to manage your children and their programs.',
  });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const signin = useSignin();
  const resend = useResendVerification();
  const [failure, setFailure] = useState<{ message: string; unverifiedEmail?: string } | null>(null);
  const [resent, setResent] = useState<string | null>(null);

  const { control, handleSubmit, setError } = useForm<SigninInput>({
    resolver: zodResolver(signinSchema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setResent(null);
    try {
      const { token, user } = await signin.mutateAsync(values);
      setAuthToken(token, { expiresInDays: SESSION_DAYS });
      dispatch(setProfile(user as Profile));
      await navigate(safeNextPath(params.get('next'), paths.dashboard, window.location.origin), { replace: true });
    } catch (error) {
      if (applyServerErrors(error, setError, ['email', 'password'])) return;
      const message = error instanceof Error ? error.message : AUTH_MESSAGES.signinWrong;
      setFailure({
        message,
        unverifiedEmail: error instanceof ApiError && error.is('EMAIL_UNVERIFIED') ? values.email : undefined,
      });
    }
  });

  const sendAgain = async (email: string) => {
    try {
      setResent(await resend.mutateAsync({ email }));
      setFailure(null);
    } catch {
      // The api client already showed the error toast; the alert stays so the user can retry.
    }
  };

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to manage your children and their programs.">
      {failure && (
        <FormAlert
          severity={failure.unverifiedEmail ? 'warning' : 'error'}
          action={
            failure.unverifiedEmail ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => void sendAgain(failure.unverifiedEmail!)}
                disabled={resend.isPending}
                aria-busy={resend.isPending}
              >
                Send the link again
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </FormAlert>
      )}
      {resent && <FormAlert severity="success">{resent}</FormAlert>}
      <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={2.5} aria-label="Sign in">
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
        <PasswordField control={control} name="password" label="Password" autoComplete="current-password" required />
        <Typography sx={{ textAlign: 'right', mt: '8px !important' }}>
          <Link component={RouterLink} to={paths.forgotPassword}>
            Forgot password?
          </Link>
        </Typography>
        <SubmitButton loading={signin.isPending} fullWidth>
          Sign in
        </SubmitButton>
      </Stack>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        New to KikStart?{' '}
        <Link component={RouterLink} to={paths.signup}>
          Create an account
        </Link>
      </Typography>
    </AuthCard>
  );
}
