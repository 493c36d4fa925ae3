import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** DELETE /api/admin/testimonials/:id. */
export const deleteTestimonial = (id: string) =>
  apiWrite<null>(`/admin/testimonials/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTestimonial, onSuccess: () => refreshCatalog(queryClient) });
}
