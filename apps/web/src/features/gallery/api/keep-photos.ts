import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GallerySelectInput, GallerySelectResult } from '@kikstart/contract/gallery';
import { apiWrite } from '../../../lib/api-client.ts';
import { galleryQueryKey } from './get-gallery.ts';

/** POST /api/gallary/images/select: keep photos (keep: true) or let them go (keep: false). */
export const keepPhotos = (input: GallerySelectInput) => apiWrite<GallerySelectResult>('/gallary/images/select', input);

export function useKeepPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepPhotos,
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryQueryKey }),
  });
}
