import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@kikstart/contract/auth';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/user/change-password: other sessions are signed out, this one stays. */
export const changePassword = async (input: ChangePasswordInput) =>
  (await apiWrite<null>('/user/change-password', input)).message;

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
