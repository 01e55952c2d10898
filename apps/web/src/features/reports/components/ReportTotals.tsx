import type { TicketReportTotalsDto } from '@atendo/shared';
import { formatMinutes } from '@atendo/shared';
import { Box, Paper, Skeleton, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The totals of the whole filtered report (not of the page), each with its definition (docs/metrics.md) as a tooltip. */
export function ReportTotals({ totals, loading }: { totals: TicketReportTotalsDto | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const cards: { key: string; value: string; hint?: string }[] = [
    { key: 'total', value: totals ? number(totals.total) : '' },
    { key: 'closed', value: totals ? number(totals.closed) : '' },
    { key: 'rated', value: totals ? number(totals.rated) : '' },
    {
      key: 'avgRating',
      value: totals?.avgRating === null || totals?.avgRating === undefined ? '-' : totals.avgRating.toLocaleString(i18n.language),
      hint: t('reportsPage.hints.avgRating'),
    },
    { key: 'avgSupportTime', value: formatMinutes(totals?.avgSupportTime), hint: t('reportsPage.hints.avgSupportTime') },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
      }}
      data-testid="report-totals"
    >
      {cards.map((c) => (
        <Tooltip key={c.key} title={c.hint ?? ''} disableHoverListener={!c.hint}>
          <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`report-total-${c.key}`}>
            <Typography variant="caption" color="text.secondary">
              {t(`reportsPage.totals.${c.key}`)}
            </Typography>
            <Typography variant="h6" component="p">
              {loading || !totals ? <Skeleton width={60} /> : c.value}
            </Typography>
          </Paper>
        </Tooltip>
      ))}
    </Box>
  );
}
