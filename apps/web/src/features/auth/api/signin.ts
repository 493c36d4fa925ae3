import { useMutation } from '@tanstack/react-query';
import type { SigninInput, SigninResult } from '@kikstart/contract/auth';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/user/signin → { token, user }. Toasts come from apiWrite (spec §8). */
export const signin = async (input: SigninInput) => (await apiWrite<SigninResult>('/user/signin', input)).data;

export const useSignin = () => useMutation({ mutationFn: signin });
