import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-client.ts';

/** DELETE /api/gallary/staff/photos/:photoId. */
export const deletePhoto = (photoId: string) =>
  apiWrite<null>(`/gallary/staff/photos/${encodeURIComponent(photoId)}`, undefined, { method: 'DELETE' });

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['gallery'] }),
  });
}
