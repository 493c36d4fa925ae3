import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RESET_CODE_LENGTH, newPasswordField, resetCodeSchema, type ResetCodeInput } from '@kikstart/contract/auth';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { FormStack } from '../../components/form/form-stack.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { paths } from '../../lib/paths.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { setOnBoardingToken } from '../../store/session-slice.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useResetPassword } from './api/reset-password.ts';
import { useVerifyResetCode } from './api/verify-reset-code.ts';
import { AuthCard } from './components/auth-card.tsx';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import { PASSWORDS_DIFFER } from './password-copy.ts';

/** The new password twice; the server's rules come from the contract. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordField(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER });
type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

/**
 * /auth/reset-password[?email=…&code=…]: 1) email + code → account-verify, which gives the
 * reset token (kept as the session's onBoardingToken); 2) new password → changePassword, which
 * clears it; 3) done → sign in.
 */
export function ResetPasswordPage() {
  usePageMeta({
    title: 'Reset your password',
    description: 'Enter the code from the email and choose a new password for your KikStart account.',
  });
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const onBoardingToken = useAppSelector((s) => s.session.onBoardingToken);
  const [done, setDone] = useState(false);
  const linkEmail = params.get('email') ?? '';
  const linkCode = params.get('code') ?? '';

  // A link from the mail (with its code) starts over, even if an older reset was left half-way;
  // without one, a reset token kept in the session resumes at the new-password step.
  const [verifiedHere, setVerifiedHere] = useState(false);
  const restart = () => {
    dispatch(setOnBoardingToken(null));
    setVerifiedHere(false);
  };

  if (done) {
    return (
      <AuthCard title="Password changed">
        <Stack spacing={2.5} role="status" sx={{ alignItems: 'flex-start' }}>
          <CheckCircleOutlined sx={{ fontSize: 48, color: 'success.main' }} aria-hidden />
          <Button variant="contained" component={RouterLink} to={paths.login}>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (onBoardingToken && (verifiedHere || !linkCode)) {
    return <NewPasswordStep token={onBoardingToken} onDone={() => setDone(true)} onRestart={restart} />;
  }
  return (
    <CodeStep
      defaultEmail={linkEmail}
      defaultCode={linkCode}
      onVerified={(token) => {
        dispatch(setOnBoardingToken(token));
        setVerifiedHere(true);
      }}
    />
  );
}

function CodeStep({
  defaultEmail,
  defaultCode,
  onVerified,
}: {
  defaultEmail: string;
  defaultCode: string;
  onVerified: (token: string) => void;
}) {
  const verify = useVerifyResetCode();
  const { control, handleSubmit, setError } = useForm<ResetCodeInput>({
    resolver: zodResolver(resetCodeSchema),
    defaultValues: { email: defaultEmail, code: defaultCode },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await verify.mutateAsync(values);
      onVerified(result.token);
    } catch (error) {
      // The toast said what went wrong; field messages also show under their fields.
      applyServerErrors(error, setError, ['email', 'code']);
    }
  });
  return (
    <AuthCard
      title="Reset your password"
      intro={`Enter your email and the ${RESET_CODE_LENGTH}-digit code we sent you.`}
    >
      <FormStack label="Enter the reset code" onSubmit={onSubmit}>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" required />
        <FormTextField
          control={control}
          name="code"
          label="Code"
          autoComplete="one-time-code"
          placeholder="000000"
          required
          helperText={`The ${RESET_CODE_LENGTH} digits from the email`}
          inputProps={{ inputMode: 'numeric', maxLength: 20 }}
        />
        <SubmitButton loading={verify.isPending} fullWidth>
          Continue
        </SubmitButton>
      </FormStack>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        No code?{' '}
        <Link component={RouterLink} to={paths.forgotPassword}>
          Send a new one
        </Link>
      </Typography>
    </AuthCard>
  );
}

function NewPasswordStep({ token, onDone, onRestart }: { token: string; onDone: () => void; onRestart: () => void }) {
  const dispatch = useAppDispatch();
  const reset = useResetPassword();
  const { control, handleSubmit, setError } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      // The toast carries the server's "password changed"; the next screen does not repeat it.
      await reset.mutateAsync({ token, password });
      dispatch(setOnBoardingToken(null));
      onDone();
    } catch (error) {
      if (applyServerErrors(error, setError, ['password'])) return;
      // An expired or used reset token: the code has to be entered again.
      if (error instanceof ApiError && error.is('RESET_TOKEN_INVALID')) {
        onRestart();
      }
    }
  });
  return (
    <AuthCard title="Choose a new password" intro="Other devices signed in to your account will be signed out.">
      <FormStack label="Choose a new password" onSubmit={onSubmit}>
        <NewPasswordFields control={control} name="password" label="New password" />
        <SubmitButton loading={reset.isPending} fullWidth>
          Change password
        </SubmitButton>
      </FormStack>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component="button" type="button" onClick={onRestart}>
          Start again with another code
        </Link>
      </Typography>
    </AuthCard>
  );
}
