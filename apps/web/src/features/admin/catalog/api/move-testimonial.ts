import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTestimonial, MoveDirection } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/testimonials/:id/move: one place up or down in the public order. */
export const moveTestimonial = ({ id, direction }: { id: string; direction: MoveDirection }) =>
  apiWrite<AdminTestimonial>(
    `/admin/testimonials/${encodeURIComponent(id)}/move`,
    { direction },
    { successToast: false },
  ).then((e) => e.data);

export function useMoveTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveTestimonial, onSuccess: () => refreshCatalog(queryClient) });
}
