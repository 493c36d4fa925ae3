import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** DELETE /api/admin/programs/:id: only a program nobody enrolled in. */
export const deleteProgram = (id: string) =>
  apiWrite<null>(`/admin/programs/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });

export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProgram, onSuccess: () => refreshCatalog(queryClient) });
}
