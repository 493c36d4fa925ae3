import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RESET_CODE_LENGTH, forgotPasswordSchema, type EmailOnlyInput } from '@kikstart/contract/auth';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { FormStack } from '../../components/form/form-stack.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { paths } from '../../lib/paths.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useForgotPassword } from './api/forgot-password.ts';
import { AuthCard } from './components/auth-card.tsx';

/**
 * /auth/forgot-password: email → the same confirmation whether or not an account exists
 * (the server answers the same), then a link to enter the code on /auth/reset-password.
 */
export function ForgotPasswordPage() {
  usePageMeta({
    title: 'Forgot password',
    description: 'Reset the password of your KikStart account with a code sent by email.',
  });
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<EmailOnlyInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      // The toast said what went wrong; a field message also shows under the field.
      applyServerErrors(error, setError, ['email']);
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Stack spacing={2.5} role="status" sx={{ alignItems: 'flex-start' }}>
          <Typography>
            Look for our mail at <strong>{sentTo}</strong>.
          </Typography>
          <Typography color="text.secondary">
            The mail has a {RESET_CODE_LENGTH}-digit code and a link. Open the link, or enter the code on the next page.
            The code works for a limited time.
          </Typography>
          <Button
            variant="contained"
            component={RouterLink}
            to={`${paths.resetPassword}?email=${encodeURIComponent(sentTo)}`}
          >
            Enter the code
          </Button>
          <Button variant="text" onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email address of your account and we will send you a code to choose a new password."
    >
      <FormStack label="Forgot password" onSubmit={onSubmit}>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
        <SubmitButton loading={forgot.isPending} fullWidth>
          Send the code
        </SubmitButton>
      </FormStack>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to={paths.login}>
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
