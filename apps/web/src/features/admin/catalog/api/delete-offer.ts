import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** DELETE /api/admin/offers/:id: refused (409) while a demo request names the offer. */
export const deleteOffer = (id: string) =>
  apiWrite<null>(`/admin/offers/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOffer, onSuccess: () => refreshCatalog(queryClient) });
}
