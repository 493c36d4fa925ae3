import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput } from '@kikstart/contract/auth';
import { apiWrite } from '../lib/api-client.ts';

/**
 * POST /api/user/email-verify/resend: same answer whether or not the account exists. Not a spec
 * §8 write: the form shows the answer where it was asked, so no toast repeats it.
 */
export const resendVerification = async (input: EmailOnlyInput) =>
  (await apiWrite<null>('/user/email-verify/resend', input, { successToast: false })).message;

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
