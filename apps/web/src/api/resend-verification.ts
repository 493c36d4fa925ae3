import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput } from '@kikstart/contract/auth';
import { apiWrite } from '../lib/api-client.ts';

/** POST /api/user/email-verify/resend: same answer whether or not the account exists. */
export const resendVerification = async (input: EmailOnlyInput) =>
  (await apiWrite<null>('/user/email-verify/resend', input)).message;

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
