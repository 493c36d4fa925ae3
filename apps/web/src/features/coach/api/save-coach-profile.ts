import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoachProfileInput } from '@kikstart/contract/admin-catalog';
import type { CoachProfile } from '@kikstart/contract/coach';
import { apiWrite } from '../../../lib/api-client.ts';
import { coachProfileQueryKey } from './get-coach-profile.ts';

/** PUT /api/coach/profile: my bio and credentials (the whole list, in order). */
export const saveCoachProfile = (input: CoachProfileInput) =>
  apiWrite<CoachProfile>('/coach/profile', input, { method: 'PUT' }).then((e) => e.data);

export function useSaveCoachProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCoachProfile,
    onSuccess: (profile) => queryClient.setQueryData(coachProfileQueryKey, profile),
  });
}
