import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyInput } from '@kikstart/contract/auth';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/user/forgetPassword: mails a 6-digit code; same answer for any email. */
export const forgotPassword = async (input: EmailOnlyInput) =>
  (await apiWrite<null>('/user/forgetPassword', input)).message;

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
