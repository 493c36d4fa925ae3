import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** DELETE /api/admin/schools/:id: refused (409) while a program runs at the school. */
export const deleteSchool = (id: string) =>
  apiWrite<null>(`/admin/schools/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });

export function useDeleteSchool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSchool, onSuccess: () => refreshCatalog(queryClient) });
}
