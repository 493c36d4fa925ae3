import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { LoadError } from './load-error.tsx';

/** What a list needs to know of its query (a TanStack Query result fits). */
export interface ListQuery {
  isError: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

/** Rows of skeletons at the rows' own height, while a list loads. */
export function SkeletonRows({ count, height }: { count: number; height: number }) {
  return (
    <Stack spacing={2} aria-hidden data-testid="list-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} animation="wave" variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

/**
 * The four states of a loaded list in one place: could not load (with a retry), loading (rows of
 * skeletons at the rows' height), empty (what to do next) and the list itself.
 */
export function ListShell({
  query,
  failed,
  skeleton,
  empty,
  children,
}: {
  query: ListQuery;
  /** What could not be loaded, as a sentence: "Your payments could not be loaded." */
  failed: string;
  /** Shown while loading: the list's shape at its height (SkeletonRows, or the rows' own skeleton). */
  skeleton: ReactNode;
  /** Shown instead of the list when it has no items; false (or null) when it has some. */
  empty: ReactNode;
  children: () => ReactNode;
}) {
  if (query.isError) return <LoadError onRetry={() => query.refetch()}>{failed}</LoadError>;
  if (query.isPending) return <>{skeleton}</>;
  return empty ? <>{empty}</> : <>{children()}</>;
}
