import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoach } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/coaches/:id/photo (multipart: photo); the server checks the bytes and re-encodes. */
export function uploadCoachPhoto({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('photo', file, file.name);
  return apiWrite<AdminCoach>(`/admin/coaches/${encodeURIComponent(id)}/photo`, form).then((e) => e.data);
}

export function useUploadCoachPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadCoachPhoto, onSuccess: () => refreshCatalog(queryClient) });
}
