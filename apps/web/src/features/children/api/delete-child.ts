import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedChild } from '@kikstart/contract/family';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/children/delete: the child, their photo and enrollments are deleted; held seats are released. */
export const deleteChild = (childId: string) =>
  apiWrite<DeletedChild>('/children/delete', { childId }).then((e) => e.data);

export function useDeleteChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChild,
    onSuccess: () =>
      Promise.all(
        ['children', 'enrollments', 'programs'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key], refetchType: 'all' }),
        ),
      ),
  });
}
