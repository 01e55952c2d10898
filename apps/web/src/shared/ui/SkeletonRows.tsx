import { Skeleton, TableCell, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * A list's first load (issue 35 item 6): grey rows in the table's own shape instead of a spinner, so the page does not
 * jump when the rows land; screen readers hear "loading" once (the first row is the live status).
 */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  const { t } = useTranslation();
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <TableRow
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          key={r}
          data-testid="skeleton-row"
          {...(r === 0 ? { role: 'status', 'aria-label': t('common.loading') } : { 'aria-hidden': true })}
        >
          {Array.from({ length: Math.max(1, columns) }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <TableCell key={c}>
              <Skeleton variant="text" width={c === 0 ? '70%' : '50%'} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
