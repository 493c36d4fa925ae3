import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoTagsInput, StaffPhoto } from '@kikstart/contract/gallery';
import { apiWrite } from '../../../lib/api-client.ts';

/** PUT /api/gallary/staff/photos/:photoId/tags: the children in the photo; complete shares it. */
export const tagPhoto = ({ photoId, ...input }: PhotoTagsInput & { photoId: string }) =>
  apiWrite<StaffPhoto>(`/gallary/staff/photos/${encodeURIComponent(photoId)}/tags`, input, { method: 'PUT' });

export function useTagPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tagPhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['gallery'] }),
  });
}
