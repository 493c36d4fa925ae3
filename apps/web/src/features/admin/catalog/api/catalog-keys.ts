import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the console's catalog lists, under one root so a write refreshes them together. */
export const catalogKey = (...parts: unknown[]) => ['admin', 'catalog', ...parts];

/**
 * After a catalog write: the console's lists and the public site's cached catalog, offers,
 * testimonials and schools, so the change shows at once in this browser too.
 */
export function refreshCatalog(queryClient: QueryClient) {
  for (const key of [
    ['admin', 'catalog'],
    ['programs'],
    ['offers'],
    ['testimonials'],
    ['schools'],
    ['bring-to-school'],
  ]) {
    void queryClient.invalidateQueries({ queryKey: key, refetchType: 'all' });
  }
}
