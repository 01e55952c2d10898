import { TableCell, TableRow } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './LoadError';
import { SkeletonRows } from './SkeletonRows';

/**
 * The rows a whole-list table shows besides its data: skeleton rows while it loads; when it holds nothing, the load
 * error (with retry) or the empty text.
 */
export function TableStateRows({
  query,
  count,
  colSpan,
  emptyText,
}: {
  query: Pick<UseQueryResult, 'isLoading' | 'isError' | 'error' | 'refetch'>;
  /** How many rows the table shows. */
  count: number;
  colSpan: number;
  emptyText: string;
}) {
  if (query.isLoading) return <SkeletonRows columns={colSpan} />;
  if (count > 0) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ py: 4, color: 'text.secondary' }}>
        {query.isError ? <LoadError compact error={query.error} onRetry={() => void query.refetch()} /> : emptyText}
      </TableCell>
    </TableRow>
  );
}
