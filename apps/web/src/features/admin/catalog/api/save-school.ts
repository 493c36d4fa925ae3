import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchoolInput, AdminSchool } from '@kikstart/contract/admin-catalog';
import { apiWrite } from '../../../../lib/api-client.ts';
import { refreshCatalog } from './catalog-keys.ts';

/** POST /api/admin/schools (new) or PUT /api/admin/schools/:id (edit): every field at once. */
export const saveSchool = ({ id, input }: { id?: string; input: SchoolInput }) =>
  (id
    ? apiWrite<AdminSchool>(`/admin/schools/${encodeURIComponent(id)}`, input, { method: 'PUT' })
    : apiWrite<AdminSchool>('/admin/schools', input)
  ).then((e) => e.data);

export function useSaveSchool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSchool, onSuccess: () => refreshCatalog(queryClient) });
}
