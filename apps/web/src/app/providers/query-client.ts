import { QueryClient } from '@tanstack/react-query';

/** Spec §9: no retries, no refetch on focus or mount. */
export function createAppQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnMount: false },
      mutations: { retry: false },
    },
  });
}
