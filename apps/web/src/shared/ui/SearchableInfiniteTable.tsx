import {
  Box,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type TableRowProps,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfiniteSearch } from '../hooks/useInfiniteSearch';
import { LoadError } from './LoadError';
import { SearchField } from './SearchField';
import { SkeletonRows } from './SkeletonRows';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /**
   * Kept in view while a wide table scrolls sideways: 'left' columns stack from the left edge (each needs a numeric
   * `width`), 'right' ones from the right. A row's own colour reaches them through the `--row-tint` CSS variable.
   */
  sticky?: 'left' | 'right';
}

/** The sx of a sticky column's cells: its offset from the edge (the widths of the sticky columns before it). */
function stickySx<T>(columns: Column<T>[], index: number, header: boolean) {
  const c = columns[index];
  if (!c.sticky) return {};
  const side = c.sticky;
  const others = side === 'left' ? columns.slice(0, index) : columns.slice(index + 1);
  const offset = others.filter((o) => o.sticky === side).reduce((sum, o) => sum + (typeof o.width === 'number' ? o.width : 0), 0);
  const inner = side === 'left' ? columns.slice(index + 1) : columns.slice(0, index);
  const tint = 'var(--row-tint, transparent)';
  return {
    position: 'sticky',
    [side]: offset,
    zIndex: header ? 3 : 1,
    minWidth: c.width,
    maxWidth: c.width,
    bgcolor: 'background.paper',
    backgroundImage: header ? undefined : `linear-gradient(${tint}, ${tint})`,
    // the edge between the fixed columns and the ones scrolling under them
    ...(inner.every((o) => o.sticky !== side)
      ? {
          boxShadow: (theme: { palette: { divider: string } }) =>
            `inset ${side === 'left' ? -1 : 1}px 0 0 ${theme.palette.divider}`,
        }
      : {}),
  } as const;
}

export interface SearchableInfiniteTableProps<T> {
  title: ReactNode;
  table: InfiniteSearch<T>;
  columns: Column<T>[];
  getRowId: (row: T) => string | number;
  /** Buttons beside the search box (add, import…). */
  actions?: ReactNode;
  searchLabel?: string;
  emptyText?: string;
  /** The next step offered under the empty text when nothing was searched (e.g. "Add a tag"). */
  emptyAction?: ReactNode;
  maxHeight?: string;
  /** Extra props of a row (a state colour, a test id). */
  rowProps?: (row: T) => TableRowProps;
}

/** The searchable infinite-scroll table every list page reuses (pair it with useInfiniteSearch). */
export function SearchableInfiniteTable<T>({
  title,
  table,
  columns,
  getRowId,
  actions,
  searchLabel,
  emptyText,
  emptyAction,
  maxHeight = 'calc(100vh - 200px)',
  rowProps,
}: SearchableInfiniteTableProps<T>) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { records, hasMore, isLoading, isFetchingMore, loadMore } = table;

  // A first page shorter than the box cannot be scrolled: keep loading until it fills or ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: records.length re-checks after each page lands
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasMore && !isFetchingMore && el.scrollHeight <= el.clientHeight) loadMore();
  }, [records.length, hasMore, isFetchingMore, loadMore]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <SearchField
          label={searchLabel ?? t('table.search')}
          type="search"
          value={table.search}
          onChange={(e) => table.setSearch(e.target.value)}
        />
        {actions}
      </Box>
      <TableContainer component={Paper} variant="outlined" ref={scrollRef} onScroll={table.onScroll} sx={{ maxHeight }}>
        <Table stickyHeader size="small">
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={c.key} align={c.align} sx={{ width: c.width, fontWeight: 600, ...stickySx(columns, i, true) }}>
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((row) => (
              <TableRow hover key={getRowId(row)} {...rowProps?.(row)}>
                {columns.map((c, i) => (
                  <TableCell key={c.key} align={c.align} sx={stickySx(columns, i, false)}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!isLoading && records.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {table.isError ? (
                    <LoadError compact error={table.error} onRetry={() => void table.refetch()} />
                  ) : (
                    <>
                      {emptyText ?? t('table.empty')}
                      {emptyAction && !table.search ? <Box sx={{ mt: 1.5 }}>{emptyAction}</Box> : null}
                    </>
                  )}
                </TableCell>
              </TableRow>
            )}
            {isLoading && records.length === 0 ? <SkeletonRows columns={columns.length} /> : null}
            {isFetchingMore && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center">
                  <CircularProgress size={24} aria-label={t('common.loading')} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
