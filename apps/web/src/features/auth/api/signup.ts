import { useMutation } from '@tanstack/react-query';
import type { SignupInput, SignupResult } from '@kikstart/contract/auth';
import { apiWrite } from '../../../lib/api-client.ts';

/**
 * POST /api/user/signup: creates the account and mails the verification link. The answer sets the
 * HttpOnly sign-up cookie (kept also when the API is on another origin: credentials).
 */
export const signup = async (input: SignupInput) =>
  (await apiWrite<SignupResult>('/user/signup', input, { credentials: 'include' })).data;

export const useSignup = () => useMutation({ mutationFn: signup });
