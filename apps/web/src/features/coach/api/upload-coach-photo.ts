import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoachProfile } from '@kikstart/contract/coach';
import { apiWrite } from '../../../lib/api-client.ts';
import { coachProfileQueryKey } from './get-coach-profile.ts';

/** POST /api/coach/profile/photo (multipart: photo); the server checks the bytes and re-encodes. */
export function uploadCoachPhoto(file: File) {
  const form = new FormData();
  form.append('photo', file, file.name);
  return apiWrite<CoachProfile>('/coach/profile/photo', form).then((e) => e.data);
}

export function useUploadCoachPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCoachPhoto,
    onSuccess: (profile) => queryClient.setQueryData(coachProfileQueryKey, profile),
  });
}
