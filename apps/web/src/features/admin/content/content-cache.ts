import type { QueryClient } from '@tanstack/react-query';

/**
 * After a content save: the public pages' cached copies (['cms', …], kept for minutes) and the
 * console's lists are dropped, so the next public page this tab shows asks the API again.
 */
export const afterContentSave = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['cms'], refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'content'] }),
  ]);
