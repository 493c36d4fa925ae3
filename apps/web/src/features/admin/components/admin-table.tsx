import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { ADMIN_PAGE_SIZES, ADMIN_SEARCH_MAX, type AdminPage } from '@kikstart/contract/admin-lists';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import type { ListParams } from './use-list-params.ts';

export interface AdminColumn<T> {
  /** The API's sort name when `sortable`. */
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Dates, amounts and statuses stay on one line; other text wraps so the table fits a desktop. */
  nowrap?: boolean;
}

// Beats ScrollTable's one-line cells (a class pair outranks its class + element).
const WRAP = { '&.MuiTableCell-root': { whiteSpace: 'normal', minWidth: 120 } } as const;

/**
 * A staff list: server-side search, sort and paging (the state lives in the URL through
 * `useListParams`), sized skeleton rows while loading, and an empty state that says what to do.
 */
export function AdminTable<T>({
  label,
  columns,
  data,
  params,
  rowKey,
  searchLabel,
  toolbar,
  empty,
}: {
  /** Names the table for screen readers ("Programs"). */
  label: string;
  columns: AdminColumn<T>[];
  data: AdminPage<T> | undefined;
  params: ListParams;
  rowKey: (row: T) => string;
  /** Shown when the list has a search box: what it searches ("Search by name or email"). */
  searchLabel?: string;
  /** Filters and actions beside the search box. */
  toolbar?: ReactNode;
  /** What an empty list shows (an EmptyState with the way forward). */
  empty: ReactNode;
}) {
  const [search, setSearch] = useState(params.q);
  const [shownQ, setShownQ] = useState(params.q);
  // The URL's search changed from elsewhere (back button, a "clear filters" link): show it.
  if (shownQ !== params.q) {
    setShownQ(params.q);
    setSearch(params.q);
  }
  // Searching waits for a pause in typing, so each keystroke is not a request.
  useEffect(() => {
    if (search === params.q) return;
    const timer = setTimeout(() => params.update({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
  }, [search, params]);

  const sortKey = params.sort?.replace(/^-/, '');
  const direction = params.sort?.startsWith('-') ? 'desc' : 'asc';
  return (
    <Box>
      {(searchLabel || toolbar) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
          {searchLabel && (
            <TextField
              label={searchLabel}
              type="search"
              size="small"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              slotProps={{ htmlInput: { maxLength: ADMIN_SEARCH_MAX } }}
              sx={{ minWidth: { xs: '100%', sm: 280 } }}
            />
          )}
          {toolbar}
        </Box>
      )}
      {data && data.total === 0 ? (
        empty
      ) : (
        <>
          <ScrollTable label={label}>
            <Table size="small" aria-label={label} aria-busy={!data || undefined}>
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell
                      key={c.key}
                      align={c.align}
                      sortDirection={sortKey === c.key ? direction : false}
                      sx={{ fontWeight: 700 }}
                    >
                      {c.sortable ? (
                        <TableSortLabel
                          active={sortKey === c.key}
                          direction={sortKey === c.key ? direction : 'asc'}
                          onClick={() =>
                            params.update({ sort: sortKey === c.key && direction === 'asc' ? `-${c.key}` : c.key })
                          }
                        >
                          {c.label}
                        </TableSortLabel>
                      ) : (
                        c.label
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data
                  ? data.items.map((row) => (
                      <TableRow key={rowKey(row)} hover>
                        {columns.map((c) => (
                          <TableCell key={c.key} align={c.align} sx={c.nowrap ? undefined : WRAP}>
                            {c.render(row)}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : Array.from({ length: Math.min(params.pageSize, 10) }, (_, i) => (
                      <TableRow key={i} aria-hidden>
                        {columns.map((c) => (
                          <TableCell key={c.key}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
              </TableBody>
            </Table>
          </ScrollTable>
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={(data?.page ?? params.page) - 1}
            rowsPerPage={params.pageSize}
            rowsPerPageOptions={[...ADMIN_PAGE_SIZES]}
            onPageChange={(_, page) => params.update({ page: page + 1 })}
            onRowsPerPageChange={(e) => params.update({ pageSize: e.target.value })}
            // On a phone the size picker, the count and the arrows wrap instead of running off the edge.
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0, rowGap: 0 } }}
          />
        </>
      )}
    </Box>
  );
}
