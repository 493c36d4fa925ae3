import { useMutation } from '@tanstack/react-query';
import type { ResetCodeInput, ResetCodeResult } from '@kikstart/contract/auth';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/user/forgetPassword/account-verify → the short-lived reset token (onBoardingToken). */
export const verifyResetCode = async (input: ResetCodeInput) =>
  (await apiWrite<ResetCodeResult>('/user/forgetPassword/account-verify', input)).data;

export const useVerifyResetCode = () => useMutation({ mutationFn: verifyResetCode });
