import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A report's figures per attendant or per queue (the satisfaction and SLA tabs): the name, then one column a figure. */
export function GroupTable<R extends { id: number | null; name: string | null }>({
  title,
  testId,
  rows,
  columns,
}: {
  title: string;
  testId: string;
  rows: R[];
  columns: { header: string; render: (r: R) => ReactNode }[];
}) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.satisfaction.name')}</TableCell>
            {columns.map((c) => (
              <TableCell key={c.header} align="right">
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + 1}>
                <Typography variant="body2" color="text.secondary">
                  {t('dashboard.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.id ?? 'none'} data-testid={`${testId}-row`}>
                <TableCell>{r.name ?? t('dashboard.satisfaction.none')}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.header} align="right">
                    {c.render(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
