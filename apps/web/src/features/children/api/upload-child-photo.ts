import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Child } from '@kikstart/contract/children';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/children/photo (multipart: childId, photo); the server checks the bytes. */
export function uploadChildPhoto({ childId, file }: { childId: string; file: File }) {
  const form = new FormData();
  form.append('childId', childId);
  form.append('photo', file);
  return apiWrite<Child>('/children/photo', form).then((e) => e.data);
}

export function useUploadChildPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadChildPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['children'], refetchType: 'all' }),
  });
}
