import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { signinSchema, type SigninInput } from '@kikstart/contract/auth';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { FormStack } from '../../components/form/form-stack.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { homeFor, paths } from '../../lib/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { prefetchPage } from '../../lib/link-prefetch.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useResendVerification } from '../../api/resend-verification.ts';
import { useSignin } from './api/signin.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { nextQuery, safeNext } from './signup-intent.ts';
import { useStartSession } from './use-start-session.ts';

/**
 * /auth/login: sign in, then go to `next` (same-site only) or the dashboard. A refused sign-in is
 * said once, by the toast (spec §8); the form shows only field messages, and for an unverified
 * address the way to get a new link.
 */
export function LoginPage() {
  usePageMeta({
    title: 'Sign in',
    description: 'Sign in to your KikStart parent account to manage your children and their programs.',
  });
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const startSession = useStartSession();
  const signin = useSignin();
  const resend = useResendVerification();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // The page a parent goes to once signed in loads while they type, so it replaces the form at once.
  useEffect(() => prefetchPage(new URL(next || paths.dashboard, window.location.origin).pathname), [next]);
  const [resent, setResent] = useState<string | null>(null);

  const { control, handleSubmit, setError } = useForm<SigninInput>({
    resolver: zodResolver(signinSchema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    setResent(null);
    try {
      const session = await signin.mutateAsync(values);
      startSession(session);
      await navigate(next || homeFor(session.user.roles), { replace: true });
    } catch (error) {
      if (applyServerErrors(error, setError, ['email', 'password'])) return;
      if (error instanceof ApiError && error.is('EMAIL_UNVERIFIED')) setUnverifiedEmail(values.email);
    }
  });

  const sendAgain = async (email: string) => {
    try {
      setResent(await resend.mutateAsync({ email }));
      setUnverifiedEmail(null);
    } catch {
      // The api client showed the error toast; the button stays so the user can retry.
    }
  };

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to manage your children and their programs.">
      {unverifiedEmail && (
        <FormAlert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void sendAgain(unverifiedEmail)}
              disabled={resend.isPending}
              aria-busy={resend.isPending}
            >
              Send the link again
            </Button>
          }
        >
          No email from us? We can send the confirmation link to {unverifiedEmail} again.
        </FormAlert>
      )}
      {resent && <FormAlert severity="success">{resent}</FormAlert>}
      <FormStack label="Sign in" onSubmit={onSubmit}>
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
      </FormStack>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        New to KikStart?{' '}
        <Link component={RouterLink} to={`${paths.signup}${nextQuery(next)}`}>
          Create an account
        </Link>
      </Typography>
    </AuthCard>
  );
}
