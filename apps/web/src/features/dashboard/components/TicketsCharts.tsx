import type { DashboardTicketsDayDto, DashboardTicketsUsersDto } from '@atendo/shared';
import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const CHART_HEIGHT = 300;

/** A chart's frame: title, total, and the loading / empty / error states in place of the chart. */
export function ChartFrame({
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

const MAX_FILLED_DAYS = 400;

/**
 * The chart's bars: every hour of the day (00h–23h), or every date of the filter's range, with 0 where the server left
 * an empty bucket out — a quiet day shows as a gap, not as a missing bar.
 */
export function chartBuckets(data: DashboardTicketsDayDto, range?: { from: string; to: string }) {
  const byHour = data.by === 'hour';
  const totals = new Map(data.data.map((r) => [(byHour ? r.horario : r.data) ?? '', r.total]));
  const keys = new Set<string>();
  if (byHour) for (let h = 0; h < 24; h++) keys.add(String(h).padStart(2, '0'));
  else if (range && /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to)) {
    const day = new Date(`${range.from}T00:00:00Z`);
    const last = new Date(`${range.to}T00:00:00Z`);
    for (let n = 0; day <= last && n < MAX_FILLED_DAYS; n++) {
      keys.add(day.toISOString().slice(0, 10));
      day.setUTCDate(day.getUTCDate() + 1);
    }
  }
  for (const k of totals.keys()) keys.add(k);
  return [...keys].sort().map((k) => ({
    label: byHour ? `${k}h` : k.split('-').reverse().slice(0, 2).join('/'),
    total: totals.get(k) ?? 0,
  }));
}

/** Tickets created per local hour (one day) or per local date (DD/MM) — GET /dashboard/ticketsDay. */
export function TicketsPerDayChart({
  data,
  range,
  loading,
  error,
}: {
  data?: DashboardTicketsDayDto;
  /** The filter's dates (YYYY-MM-DD): the days without tickets get their 0 bar. */
  range?: { from: string; to: string };
  loading: boolean;
  error: boolean;
}) {
  const { t } = useTranslation();
  const byHour = data?.by === 'hour';
  const buckets = data ? chartBuckets(data, range) : [];
  return (
    <ChartFrame
      title={t(byHour ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay')}
      testId="chart-per-day"
      total={data?.count}
      loading={loading}
      error={error}
      empty={(data?.data.length ?? 0) === 0}
    >
      <BarChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: buckets.map((b) => b.label) }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: buckets.map((b) => b.total), label: t('dashboard.charts.tickets'), color: '#2576d2' }]}
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
        // a few attendants get slim bars, not the whole width each
        xAxis={[{ scaleType: 'band', data: rows.map((r) => r.nome), categoryGapRatio: rows.length < 4 ? 0.7 : 0.3 }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: rows.map((r) => r.quantidade), label: t('dashboard.charts.tickets'), color: '#2e7d32' }]}
        hideLegend
      />
    </ChartFrame>
  );
}
