import DownloadRounded from '@mui/icons-material/DownloadRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  List,
  ListItem,
  Pagination,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatWith } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { CHART_HEIGHT, ChartFrame, useChartColors, useChartLabels } from '../../../shared/ui/charts';
import type { DashboardFilter } from '../hooks/useDashboard';
import {
  COMMENTS_PAGE_SIZE,
  type Satisfaction,
  useSatisfaction,
  useSatisfactionComments,
  useSatisfactionExport,
} from '../hooks/useSatisfaction';
import { CounterCard } from './CounterCard';
import { useNumberFormat } from './format';
import { GroupTable } from './GroupTable';

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' };

/** The colour of a score: detractor, passive, promoter (the NPS bands). */
/** NPS bands in the charts' palette: promoters green, passives amber, detractors red (readable on both surfaces). */
const bandColor = (series: string[], score: number) => (score >= 9 ? series[1] : score >= 7 ? series[2] : series[4]);

/**
 * The satisfaction tab (issue 33 item 3; docs/metrics.md "Satisfaction"): NPS, CSAT, response rate, the score
 * distribution, the trend, per attendant and per queue, and the customers' words with a link to their ticket.
 */
export function SatisfactionPanel({ filter }: { filter: DashboardFilter }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const num = useNumberFormat();
  const report = useSatisfaction(filter);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const exporter = useSatisfactionExport();
  const totals = report.data?.totals;
  const loading = report.isLoading;
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${num(v)}%`);
  const plain = (v: number | null | undefined) => (v === null || v === undefined ? '—' : num(v));
  const figures = [
    { name: 'satisfactionNps', value: plain(totals?.nps) },
    { name: 'satisfactionCsat', value: pct(totals?.csat) },
    { name: 'satisfactionResponseRate', value: pct(totals?.responseRate) },
    { name: 'satisfactionRated', value: totals ? `${totals.rated} / ${totals.asked}` : '—' },
    { name: 'satisfactionAvgRate', value: plain(totals?.avgRate) },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="satisfaction">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={exporter.running ? <CircularProgress size={16} /> : <DownloadRounded />}
          disabled={exporter.running}
          onClick={() => void exporter.start(filter, deferred)}
          data-testid="satisfaction-export"
        >
          {t('dashboard.satisfaction.export')}
        </Button>
      </Box>
      {report.isError ? (
        <Alert severity="error">{t('dashboard.fetchError')}</Alert>
      ) : (
        <Box sx={grid}>
          {figures.map((f) => (
            <CounterCard key={f.name} name={f.name} value={f.value} loading={loading} color="success.main" />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ChartFrame
          title={t('dashboard.satisfaction.distribution')}
          testId="satisfaction-distribution"
          total={totals?.rated}
          loading={loading}
          error={report.isError}
          errorText={t('dashboard.fetchError')}
          emptyText={t('dashboard.empty')}
          empty={!totals?.rated}
        >
          <BarChart
            height={CHART_HEIGHT}
            xAxis={[
              {
                scaleType: 'band',
                data: Array.from({ length: 11 }, (_, i) => String(i)),
                colorMap: { type: 'ordinal', colors: Array.from({ length: 11 }, (_, i) => bandColor(colors.series, i)) },
              },
            ]}
            yAxis={[{ tickMinStep: 1 }]}
            series={[{ data: report.data?.distribution ?? [], label: t('dashboard.satisfaction.answers') }]}
            hideLegend
          />
        </ChartFrame>
        <TrendChart data={report.data} loading={loading} error={report.isError} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <SatisfactionTable
          title={t('dashboard.satisfaction.perAttendant')}
          testId="satisfaction-attendants"
          rows={report.data?.attendants ?? []}
        />
        <SatisfactionTable
          title={t('dashboard.satisfaction.perQueue')}
          testId="satisfaction-queues"
          rows={report.data?.queues ?? []}
        />
      </Box>
      <Comments filter={filter} search={search} deferred={deferred} onSearch={setSearch} />
    </Box>
  );
}

function TrendChart({ data, loading, error }: { data?: Satisfaction; loading: boolean; error: boolean }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  const labels = useChartLabels();
  const points = data?.trend.points ?? [];
  return (
    <ChartFrame
      title={t(data?.trend.by === 'week' ? 'dashboard.satisfaction.trendWeek' : 'dashboard.satisfaction.trendDay')}
      testId="satisfaction-trend"
      loading={loading}
      error={error}
      errorText={t('dashboard.fetchError')}
      emptyText={t('dashboard.empty')}
      empty={!points.some((p) => p.rated > 0)}
    >
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'point', data: points.map((p) => labels.day(p.day)) }]}
        yAxis={[{ min: -100, max: 100 }]}
        series={[
          { data: points.map((p) => p.nps), label: 'NPS', color: colors.series[0], connectNulls: true, showMark: true },
          { data: points.map((p) => p.csat), label: 'CSAT %', color: colors.series[1], connectNulls: true, showMark: true },
        ]}
      />
    </ChartFrame>
  );
}

function SatisfactionTable({ title, testId, rows }: { title: string; testId: string; rows: Satisfaction['attendants'] }) {
  const { t } = useTranslation();
  const num = useNumberFormat();
  const v = (x: number | null, suffix = '') => (x === null ? '—' : `${num(x)}${suffix}`);
  return (
    <GroupTable
      title={title}
      testId={testId}
      rows={rows}
      columns={[
        { header: 'NPS', render: (r) => v(r.nps) },
        { header: 'CSAT', render: (r) => v(r.csat, '%') },
        { header: t('dashboard.satisfaction.responseRate'), render: (r) => v(r.responseRate, '%') },
        { header: t('dashboard.satisfaction.rated'), render: (r) => `${r.rated} / ${r.asked}` },
        { header: t('dashboard.satisfaction.avgRate'), render: (r) => v(r.avgRate) },
      ]}
    />
  );
}

function Comments({
  filter,
  search,
  deferred,
  onSearch,
}: {
  filter: DashboardFilter;
  search: string;
  deferred: string;
  onSearch: (s: string) => void;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const [page, setPage] = useState(1);
  const comments = useSatisfactionComments(filter, deferred, page);
  const list = comments.data?.comments ?? [];
  const pages = Math.max(1, Math.ceil((comments.data?.count ?? 0) / COMMENTS_PAGE_SIZE));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="satisfaction-comments">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('dashboard.satisfaction.comments')}
        </Typography>
        <TextField
          size="small"
          type="search"
          label={t('dashboard.satisfaction.search')}
          value={search}
          onChange={(e) => {
            onSearch(e.target.value);
            setPage(1);
          }}
          slotProps={{ htmlInput: { 'data-testid': 'satisfaction-search' } }}
        />
      </Box>
      {comments.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('dashboard.fetchError')}
        </Alert>
      ) : comments.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={28} aria-label={t('dashboard.satisfaction.comments')} />
        </Box>
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('dashboard.satisfaction.noComments')}
        </Typography>
      ) : (
        <List dense>
          {list.map((c) => (
            <ListItem
              key={`${c.ticketId}-${c.ratedAt}`}
              divider
              data-testid="satisfaction-comment"
              sx={{ alignItems: 'flex-start', gap: 1.5 }}
            >
              <Chip
                label={c.rate}
                size="small"
                color={c.rate >= 9 ? 'success' : c.rate >= 7 ? 'warning' : 'error'}
                sx={{ fontWeight: 600, mt: 0.5 }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.text}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[
                    c.contactName,
                    c.userName ?? t('dashboard.satisfaction.none'),
                    c.queueName,
                    formatWith(clock, c.ratedAt, { dateStyle: 'short', timeStyle: 'short' }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <Link component={RouterLink} to={`/tickets/${c.ticketUuid}`} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {t('dashboard.satisfaction.openTicket', { id: c.ticketId })}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      {pages > 1 ? <Pagination sx={{ mt: 1 }} count={pages} page={page} onChange={(_, p) => setPage(p)} size="small" /> : null}
    </Paper>
  );
}
