import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProgram } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/programs/:id/published: shows or hides the program on the public site. */
export const publishProgram = ({ id, published }: { id: string; published: boolean }) =>
  apiWrite<AdminProgram>(`/admin/programs/${encodeURIComponent(id)}/published`, { published }).then((e) => e.data);

export function usePublishProgram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishProgram, onSuccess: () => refreshCatalog(queryClient) });
}
