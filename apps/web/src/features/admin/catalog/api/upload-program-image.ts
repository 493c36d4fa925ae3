import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProgram } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/programs/:id/image (multipart: image, imageAlt); the server checks the bytes. */
export function uploadProgramImage({ id, file, imageAlt }: { id: string; file: File; imageAlt: string }) {
  const form = new FormData();
  form.append('imageAlt', imageAlt);
  form.append('image', file);
  return apiWrite<AdminProgram>(`/admin/programs/${encodeURIComponent(id)}/image`, form).then((e) => e.data);
}

export function useUploadProgramImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadProgramImage, onSuccess: () => refreshCatalog(queryClient) });
}
