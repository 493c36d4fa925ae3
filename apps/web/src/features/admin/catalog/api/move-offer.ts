import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOffer, MoveDirection } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/offers/:id/move: one place up or down in the public order. */
export const moveOffer = ({ id, direction }: { id: string; direction: MoveDirection }) =>
  apiWrite<AdminOffer>(`/admin/offers/${encodeURIComponent(id)}/move`, { direction }, { successToast: false }).then(
    (e) => e.data,
  );

export function useMoveOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveOffer, onSuccess: () => refreshCatalog(queryClient) });
}
