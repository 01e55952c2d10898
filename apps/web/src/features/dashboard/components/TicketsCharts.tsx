import type { DashboardTicketsDayDto, DashboardTicketsUsersDto } from '@atendo/shared';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT, ChartFrame, useChartColors, useChartLabels } from '../../../shared/ui/charts';

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
  return [...keys].sort().map((k) => ({ key: k, total: totals.get(k) ?? 0 }));
}

/** The period just before `range`, as long as it (one day before a single day). */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return null;
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  if (to < from) return null;
  const day = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(from - (to - from) - day), to: iso(from - day) };
}

/**
 * Tickets created per local hour (one day) or per local date — GET /dashboard/ticketsDay — as a trend line, with the
 * previous period of the same length dashed behind it (its day 1 under this period's day 1).
 */
export function TicketsPerDayChart({
  data,
  previous,
  range,
  loading,
  error,
}: {
  data?: DashboardTicketsDayDto;
  /** The same figures over the previous period (previousRange). */
  previous?: DashboardTicketsDayDto;
  /** The filter's dates (YYYY-MM-DD): the days without tickets get their 0. */
  range?: { from: string; to: string };
  loading: boolean;
  error: boolean;
}) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const labels = useChartLabels();
  const byHour = data?.by === 'hour';
  const buckets = data ? chartBuckets(data, range) : [];
  const before = previous && range ? chartBuckets(previous, previousRange(range) ?? undefined) : [];
  const series = [
    {
      id: 'current',
      data: buckets.map((b) => b.total),
      label: t('charts.thisPeriod'),
      color: colors.series[0],
      area: true,
      showMark: buckets.length <= 31,
    },
  ];
  if (previous)
    series.push({
      id: 'previous',
      data: buckets.map((_, i) => before[i]?.total ?? 0),
      label: t('charts.previousPeriod'),
      color: colors.previous,
      area: false,
      showMark: false,
    });
  return (
    <ChartFrame
      title={t(byHour ? 'dashboard.charts.perHour' : 'dashboard.charts.perDay')}
      testId="chart-per-day"
      total={data?.count}
      previousTotal={previous?.count}
      loading={loading}
      error={error}
      errorText={t('dashboard.fetchError')}
      emptyText={t('dashboard.empty')}
      empty={(data?.data.length ?? 0) === 0 && (previous?.data.length ?? 0) === 0}
    >
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[
          {
            scaleType: 'point',
            data: buckets.map((b) => (byHour ? labels.hour(b.key) : labels.day(b.key))),
          },
        ]}
        yAxis={[{ min: 0, tickMinStep: 1 }]}
        series={series}
        sx={{
          '& .MuiAreaElement-series-current': { fillOpacity: 0.12 },
          '& .MuiLineElement-series-previous': { strokeDasharray: '6 4' },
        }}
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
  const colors = useChartColors();
  const rows = data?.data ?? [];
  return (
    <ChartFrame
      title={t('dashboard.charts.perUser')}
      testId="chart-per-user"
      total={rows.reduce((n, r) => n + r.quantidade, 0)}
      loading={loading}
      error={error}
      errorText={t('dashboard.fetchError')}
      emptyText={t('dashboard.empty')}
      empty={rows.length === 0}
    >
      <BarChart
        height={CHART_HEIGHT}
        // a few attendants get slim bars, not the whole width each
        xAxis={[{ scaleType: 'band', data: rows.map((r) => r.nome), categoryGapRatio: rows.length < 4 ? 0.7 : 0.3 }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: rows.map((r) => r.quantidade), label: t('dashboard.charts.tickets'), color: colors.series[1] }]}
        hideLegend
      />
    </ChartFrame>
  );
}
