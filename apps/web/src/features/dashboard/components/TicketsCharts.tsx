import type { DashboardTicketsDayDto, DashboardTicketsUsersDto } from '@atendo/shared';
import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const CHART_HEIGHT = 300;

/** A chart's frame: title, total, and the loading / empty / error states in place of the chart. */
function ChartFrame({
  title,
  testId,
  total,
  loading,
  error,
  empty,
  children,
}: {
  title: string;
  testId: string;
  total?: number;
  loading: boolean;
  error: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body = children;
  if (error) body = <State>{t('dashboard.fetchError')}</State>;
  else if (loading)
    body = (
      <State>
        <CircularProgress size={28} aria-label={title} />
      </State>
    );
  else if (empty) body = <State>{t('dashboard.empty')}</State>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {total !== undefined && !loading && !error ? (
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-total`}>
            {t('dashboard.charts.total', { count: total })}
          </Typography>
        ) : null}
      </Box>
      {body}
    </Paper>
  );
}

function State({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
      {children}
    </Box>
  );
}

/** Tickets created per local hour (one day) or per local date (DD/MM) — GET /dashboard/ticketsDay. */
export function TicketsPerDayChart({
  data,
  loading,
  error,
}: {
  data?: DashboardTicketsDayDto;
  loading: boolean;
  error: boolean;
}) {
  const { t } = useTranslation();
  const rows = data?.data ?? [];
  const byHour = data?.by === 'hour';
  const labels = rows.map((r) => (byHour ? `${r.horario}h` : (r.data ?? '').split('-').reverse().slice(0, 2).join('/')));
  return (
    <ChartFrame
      title={t(byHour ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay')}
      testId="chart-per-day"
      total={data?.count}
      loading={loading}
      error={error}
      empty={rows.length === 0}
    >
      <BarChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: rows.map((r) => r.total), label: t('dashboard.charts.tickets'), color: '#2576d2' }]}
        hideLegend
      />
    </ChartFrame>
  );
}

/** Tickets created in the period per attendant holding them — GET /dashboard/ticketsUsers. */
export function TicketsPerUserChart({
  data,
  loading,
  error,
}: {
  data?: DashboardTicketsUsersDto;
  loading: boolean;
  error: boolean;
}) {
  const { t } = useTranslation();
  const rows = data?.data ?? [];
  return (
    <ChartFrame
      title={t('dashboard.charts.perUser')}
      testId="chart-per-user"
      total={rows.reduce((n, r) => n + r.quantidade, 0)}
      loading={loading}
      error={error}
      empty={rows.length === 0}
    >
      <BarChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: rows.map((r) => r.nome) }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: rows.map((r) => r.quantidade), label: t('dashboard.charts.tickets'), color: '#2e7d32' }]}
        hideLegend
      />
    </ChartFrame>
  );
}
