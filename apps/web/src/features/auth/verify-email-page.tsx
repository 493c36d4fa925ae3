import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@kikstart/contract/auth';
import { PageLoader } from '../../components/page-loader.tsx';
import { getAuthToken } from '../../lib/cookies.ts';
import { notify } from '../../lib/notifications.ts';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { ResendVerificationForm } from '../../components/resend-verification-form.tsx';
import { forgetSignupNext, nextQuery, signupNext } from './signup-intent.ts';
import { useStartSession } from './use-start-session.ts';

/**
 * /auth/verify-email?token=…: the link from the sign-up mail. The page (not the link) confirms it
 * with a POST, once. The browser that signed up is signed in and taken where it was going (the
 * wizard) with one toast; anywhere else the address is confirmed and the parent asked to sign in.
 * A link used before says so, in green: the address is confirmed, nothing went wrong.
 */
export function VerifyEmailPage() {
  usePageMeta({ title: 'Confirm your email', description: 'Confirm the email address of your KikStart account.' });
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const verify = useVerifyEmail(token);
  const startSession = useStartSession();
  const navigate = useNavigate();
  const session = verify.data?.data.session ?? null;
  const started = useRef(false);

  useEffect(() => {
    if (!session || !verify.data || started.current) return;
    started.current = true;
    startSession(session);
    notify('success', verify.data.message);
    const next = signupNext();
    forgetSignupNext();
    void navigate(next || paths.dashboard, { replace: true });
  }, [session, verify.data, startSession, navigate]);

  if (token && (verify.isPending || session)) {
    return (
      <AuthCard title="Confirming your email">
        <PageLoader label="Checking your link" />
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    const signedIn = Boolean(getAuthToken());
    return (
      <AuthCard title={verify.data.data.alreadyVerified ? 'Email already confirmed' : 'Email confirmed'}>
        <Stack spacing={2.5} role="status" sx={{ alignItems: 'flex-start' }}>
          <CheckCircleOutlined sx={{ fontSize: 48, color: 'success.main' }} aria-hidden />
          <Typography>{verify.data.message || AUTH_MESSAGES.emailVerified}</Typography>
          {signedIn ? (
            <Button variant="contained" component={RouterLink} to={paths.dashboard}>
              Go to your account
            </Button>
          ) : (
            <Button variant="contained" component={RouterLink} to={`${paths.login}${nextQuery(signupNext())}`}>
              Sign in
            </Button>
          )}
        </Stack>
      </AuthCard>
    );
  }

  const message = !token ? AUTH_MESSAGES.token : verify.error?.message || AUTH_MESSAGES.verifyLinkInvalid;
  return (
    <AuthCard title="This link did not work">
      <FormAlert>{message}</FormAlert>
      <Typography sx={{ mb: 2.5 }}>
        Enter the email address you signed up with and we will send a new verification link.
      </Typography>
      <ResendVerificationForm />
    </AuthCard>
  );
}
