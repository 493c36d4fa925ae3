import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@kikstart/contract/auth';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { ResendVerificationForm } from '../../components/resend-verification-form.tsx';

/** /auth/verify-email?token=…: the link from the sign-up mail. Checks the token once. */
export function VerifyEmailPage() {
  usePageMeta({ title: 'Confirm your email', description: 'Confirm the email address of your KikStart account.' });
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const verify = useVerifyEmail(token);

  if (token && verify.isPending) {
    return (
      <AuthCard title="Confirming your email">
        <PageLoader label="Checking your link" />
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard title="Email confirmed">
        <Stack spacing={2.5} role="status" sx={{ alignItems: 'flex-start' }}>
          <CheckCircleOutlined sx={{ fontSize: 48, color: 'success.main' }} aria-hidden />
          <Typography>{verify.data || AUTH_MESSAGES.emailVerified}</Typography>
          <Button variant="contained" component={RouterLink} to={paths.login}>
            Sign in
          </Button>
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
