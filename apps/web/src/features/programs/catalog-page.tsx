import { useCallback, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ProgramCard } from '../../components/program-card.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { RequestDemoButton } from '../../components/request-demo-button.tsx';
import { usePrograms } from './api/get-programs.ts';
import { CatalogFilterBar } from './components/catalog-filters.tsx';
import { CatalogSkeleton } from './components/catalog-skeleton.tsx';
import type { CatalogFilters } from './catalog-query.ts';
import {
  CATALOG_PAGE_SIZE,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
} from './catalog-query.ts';
import { LoadError } from '../../components/load-error.tsx';

/** /programs: search by school name or class location, filter, page through open programs. */
export function CatalogPage() {
  usePageMeta({
    title: 'Programs',
    description:
      'Find sports, after-school and enrichment programs by school name or class location, for your child’s grade or age and weekday.',
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: CatalogFilters) => setSearchParams(filtersToSearchParams(next)),
    [setSearchParams],
  );
  const query = usePrograms(filters);
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CATALOG_PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title="Programs"
        description="Sports, after-school and enrichment classes at partner schools and public venues near you."
        maxWidth="lg"
      />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: { xs: 2, sm: 4 } }}>
          <CatalogFilterBar filters={filters} onChange={setFilters} />
        </Paper>
        {/* One line is kept for the count, so the cards do not move down when it arrives. */}
        <Box aria-live="polite" aria-busy={query.isFetching} sx={{ mb: 2, minHeight: '1.6em' }}>
          {data && (
            <Typography color="text.secondary">
              {data.total === 0
                ? 'No programs found'
                : `${data.total} ${data.total === 1 ? 'program' : 'programs'} found`}
            </Typography>
          )}
        </Box>
        {query.isError && !data ? (
          <LoadError onRetry={() => query.refetch()}>
            The programs could not be loaded. Check your connection and try again.
          </LoadError>
        ) : !data ? (
          <CatalogSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyCatalog
            filtered={hasActiveFilters(filters) || filters.page > 1}
            onClear={() => setFilters({ searchBy: filters.searchBy, q: '', page: 1 })}
          />
        ) : (
          <>
            <Grid
              container
              spacing={3}
              sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {data.items.map((p, index) => (
                <Grid key={p.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <ProgramCard program={p} eager={index < 3} />
                </Grid>
              ))}
            </Grid>
            {/* The server keeps this page for a few seconds at a time, so the counts may lag. */}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              Seats left are updated every few seconds.
            </Typography>
            {pageCount > 1 && (
              <Box component="nav" aria-label="Program pages" sx={{ display: 'flex', justifyContent: 'center', mt: 5 }}>
                <Pagination
                  count={pageCount}
                  page={Math.min(filters.page, pageCount)}
                  color="primary"
                  onChange={(_, page) => {
                    setFilters({ ...filters, page });
                    window.scrollTo({ top: 0 });
                  }}
                />
              </Box>
            )}
          </>
        )}
      </Container>
    </>
  );
}

function EmptyCatalog({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Typography variant="h3" component="h2" gutterBottom>
        No programs match your search
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
        {filtered
          ? 'Try another school name or location, or clear the filters to see every open program. If your school has no classes yet, ask us to bring KikStart there.'
          : 'There are no open programs right now. Request a free demo, or ask us to bring KikStart to your school.'}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        {filtered && (
          <Button variant="contained" onClick={onClear}>
            Clear filters
          </Button>
        )}
        <RequestDemoButton />
        <Button component={RouterLink} to={paths.schools}>
          Bring KikStart to my school
        </Button>
      </Stack>
    </Paper>
  );
}
