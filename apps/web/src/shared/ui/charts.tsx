import { Box, Paper, Skeleton, Typography, useTheme } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClock } from '../hooks/useClock';

/**
 * One chart style for the dashboard, the reports and the campaigns (issue 35 item 5, decision 108): the same frame,
 * height, colours and axis labels everywhere. Trends are line charts; the previous period is drawn dashed in grey.
 */
export const CHART_HEIGHT = 300;

/**
 * Series colours that keep their contrast on both surfaces (the whitelabel colour is not one of them: a company's
 * #0000FF on a dark surface is unreadable). Light: Tailwind's 600 shades; dark: their 400 shades.
 */
const LIGHT = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2'];
const DARK = ['#60a5fa', '#4ade80', '#fbbf24', '#c084fc', '#f87171', '#22d3ee'];

export function useChartColors() {
  const dark = useTheme().palette.mode === 'dark';
  return useMemo(
    () => ({
      series: dark ? DARK : LIGHT,
      /** The previous period, drawn dashed behind the current one. */
      previous: dark ? '#9ca3af' : '#6b7280',
    }),
    [dark],
  );
}

/** Axis labels in the UI language: 25/11 (pt), 11/25 (en); hours always on the 24-hour clock (08:00, 17:00). */
export function useChartLabels() {
  const { locale } = useClock();
  return useMemo(() => {
    // The buckets are the company's local dates already: format them as calendar days, not instants.
    const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
    return {
      /** 'YYYY-MM-DD' → the short day of the language. */
      day: (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? day.format(new Date(`${iso}T00:00:00Z`)) : iso),
      /** '07' → '07:00'. */
      hour: (h: string) => `${h.padStart(2, '0')}:00`,
    };
  }, [locale]);
}

/** How the period compares with the one before: +12 % / −3 % / = (null when the previous one had nothing). */
export function changeOf(current: number, previous: number): number | null {
  if (!previous) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** A chart's frame: title, total (and its change against the previous period), and the loading / empty / error states. */
export function ChartFrame({
  title,
  testId,
  total,
  previousTotal,
  loading,
  error,
  empty,
  emptyText,
  errorText,
  children,
}: {
  title: string;
  testId: string;
  total?: number;
  /** The same figure over the previous period: the frame says how this one compares. */
  previousTotal?: number;
  loading: boolean;
  error: boolean;
  empty: boolean;
  /** What the empty and failed states say (a generic sentence unless the page has its own). */
  emptyText?: string;
  errorText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body = children;
  if (error) body = <State>{errorText ?? t('charts.fetchError')}</State>;
  else if (loading)
    body = <Skeleton variant="rounded" height={CHART_HEIGHT} aria-label={title} data-testid={`${testId}-loading`} />;
  else if (empty) body = <State>{emptyText ?? t('charts.empty')}</State>;
  const change = total !== undefined && previousTotal !== undefined ? changeOf(total, previousTotal) : null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {total !== undefined && !loading && !error ? (
          <Typography variant="body2" color="text.secondary" component="p">
            <span data-testid={`${testId}-total`}>{t('charts.total', { count: total })}</span>
            {previousTotal !== undefined ? (
              <Box component="span" data-testid={`${testId}-change`} sx={{ ml: 1 }}>
                {change === null
                  ? t('charts.previousNone')
                  : t('charts.vsPrevious', { change: change > 0 ? `+${change}` : String(change) })}
              </Box>
            ) : null}
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
