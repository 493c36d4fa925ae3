import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferInput, AdminOffer } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/offers (new) or PUT /api/admin/offers/:id (edit): every field at once. */
export const saveOffer = ({ id, input }: { id?: string; input: OfferInput }) =>
  (id
    ? apiWrite<AdminOffer>(`/admin/offers/${encodeURIComponent(id)}`, input, { method: 'PUT' })
    : apiWrite<AdminOffer>('/admin/offers', input)
  ).then((e) => e.data);

export function useSaveOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveOffer, onSuccess: () => refreshCatalog(queryClient) });
}
