import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProgram, ProgramInput } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/programs (new) or PUT /api/admin/programs/:id (edit): every field at once. */
export const saveProgram = ({ id, input }: { id?: string; input: ProgramInput }) =>
  (id
    ? apiWrite<AdminProgram>(`/admin/programs/${encodeURIComponent(id)}`, input, { method: 'PUT' })
    : apiWrite<AdminProgram>('/admin/programs', input)
  ).then((e) => e.data);

export function useSaveProgram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProgram, onSuccess: () => refreshCatalog(queryClient) });
}
