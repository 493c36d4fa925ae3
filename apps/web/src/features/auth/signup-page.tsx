import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { signupSchema, type SignupInput } from '@kikstart/contract/auth';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { FormStack } from '../../components/form/form-stack.tsx';
import { PasswordField } from '../../components/form/password-field.tsx';
import { PhoneField } from '../../components/form/phone-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { paths } from '../../lib/paths.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useResendVerification } from '../../api/resend-verification.ts';
import { useSignup } from './api/signup.ts';
import { AuthCard } from './components/auth-card.tsx';
import { NameFields } from './components/name-fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { PASSWORD_HINT } from './password-copy.ts';
import { nextQuery, rememberSignupNext, safeNext } from './signup-intent.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;

/**
 * /auth/signup[?next=…]: create a parent account, then "check your email" with a resend button.
 * `next` (where the guest was going, e.g. the Enroll wizard) is kept in this browser, so the
 * verification link opened here signs them in and brings them back.
 */
export function SignupPage() {
  usePageMeta({
    title: 'Create an account',
    description: 'Create a free KikStart parent account to enroll your children in sports and enrichment programs.',
  });
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const signup = useSignup();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { control, handleSubmit, setError } = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await signup.mutateAsync(values);
      rememberSignupNext(next);
      setSentTo(result?.email ?? values.email);
    } catch (error) {
      // Field errors (e.g. a phone number the server refused) go under the field; the toast points there.
      applyServerErrors(error, setError, FIELDS);
    }
  });

  if (sentTo) return <CheckYourEmail email={sentTo} next={next} />;

  return (
    <AuthCard
      title="Create an account"
      intro="One account for your family: enroll children, pay, and follow their programs."
    >
      <FormStack label="Create an account" onSubmit={onSubmit}>
        <NameFields control={control} />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          helperText="We will send a link to confirm it."
        />
        <PhoneField control={control} name="phone" label="Phone" required />
        <PasswordField
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
          required
          helperText={PASSWORD_HINT}
        />
        <SubmitButton loading={signup.isPending} fullWidth>
          Create account
        </SubmitButton>
      </FormStack>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={`${paths.login}${nextQuery(next)}`}>
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}

function CheckYourEmail({ email, next }: { email: string; next: string }) {
  const resend = useResendVerification();
  const [resent, setResent] = useState<string | null>(null);
  const sendAgain = async () => {
    try {
      setResent(await resend.mutateAsync({ email }));
    } catch {
      // The api client showed the error toast.
    }
  };
  const login = new URLSearchParams({ email, ...(next ? { next } : {}) });
  return (
    <AuthCard title="Check your email">
      <Stack spacing={2.5} role="status" aria-live="polite">
        <MarkEmailReadOutlined sx={{ fontSize: 48, color: 'success.main' }} aria-hidden />
        <Typography>
          We have sent an email to <strong>{email}</strong>. Open its link in this browser within 30 minutes and you are
          signed in{next ? ' and back where you left off' : ''}. Opened later or on another device, it confirms your
          address and you sign in with your password.
        </Typography>
        <Typography>
          If this address already has an account, the email says so instead and helps you sign in or reset your
          password.
        </Typography>
        <Typography color="text.secondary">
          If the mail does not arrive in a few minutes, check your spam folder or send it again.
        </Typography>
      </Stack>
      {resent && (
        <FormAlert severity="success" sx={{ mt: 3, mb: 0 }}>
          {resent}
        </FormAlert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button
          variant="outlined"
          onClick={() => void sendAgain()}
          disabled={resend.isPending}
          aria-busy={resend.isPending}
        >
          Send the link again
        </Button>
        <Button variant="contained" component={RouterLink} to={`${paths.login}?${login.toString()}`}>
          Go to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
