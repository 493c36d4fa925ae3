import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@kikstart/contract/auth';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/user/forgetPassword/changePassword with the reset token; signs out everywhere. */
export const resetPassword = async (input: ResetPasswordInput) =>
  (await apiWrite<null>('/user/forgetPassword/changePassword', input)).message;

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
