import { useMutation } from '@tanstack/react-query';
import type { CoachRoleRequestInput, LeadReceipt } from '@kikstart/contract/leads';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/user/coach/request: a signed-in user asks for the coach role. The client toasts the server's message (spec §8). */
export const requestCoachRole = (input: CoachRoleRequestInput) => apiWrite<LeadReceipt>('/user/coach/request', input);

export const useRequestCoachRole = () => useMutation({ mutationFn: requestCoachRole });
