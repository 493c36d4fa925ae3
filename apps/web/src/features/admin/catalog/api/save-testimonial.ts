import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TestimonialInput, AdminTestimonial } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/testimonials (new) or PUT /api/admin/testimonials/:id (edit): every field at once. */
export const saveTestimonial = ({ id, input }: { id?: string; input: TestimonialInput }) =>
  (id
    ? apiWrite<AdminTestimonial>(`/admin/testimonials/${encodeURIComponent(id)}`, input, { method: 'PUT' })
    : apiWrite<AdminTestimonial>('/admin/testimonials', input)
  ).then((e) => e.data);

export function useSaveTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTestimonial, onSuccess: () => refreshCatalog(queryClient) });
}
