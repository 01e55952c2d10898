import { type DashboardCountersDto, formatDashboardMinutes } from '@atendo/shared';
import { Alert, Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zonedParts } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { PAGE_SX } from '../../../shared/ui/Page';
import { AttendantsTable } from '../components/AttendantsTable';
import { CounterCard } from '../components/CounterCard';
import { DashboardFilterBar } from '../components/DashboardFilterBar';
import { useNumberFormat } from '../components/format';
import { NpsPanel } from '../components/NpsPanel';
import { SatisfactionPanel } from '../components/SatisfactionPanel';
import { SlaPanel } from '../components/SlaPanel';
import { previousRange, TicketsPerDayChart, TicketsPerUserChart } from '../components/TicketsCharts';
import {
  type DashboardFilter,
  useDashboard,
  useDashboardLiveRefresh,
  useTicketsPerDay,
  useTicketsPerUser,
} from '../hooks/useDashboard';

const pad = (n: number) => String(n).padStart(2, '0');

/** Seed 000 §9: the default range is the first day of the month to today, in the company's time zone. */
export function defaultFilter(timeZone: string, now = new Date()): DashboardFilter {
  const p = zonedParts(now, timeZone);
  const month = `${p.year}-${pad(p.month)}`;
  return { dateFrom: `${month}-01`, dateTo: `${month}-${pad(p.day)}`, queueIds: [], userIds: [] };
}

const NOW: (keyof DashboardCountersDto)[] = ['supportHappening', 'supportPending', 'supportGroups', 'waitRating'];
const PERIOD: (keyof DashboardCountersDto)[] = [
  'tickets',
  'activeTickets',
  'passiveTickets',
  'leads',
  'supportFinished',
  'avgWaitTime',
  'avgSupportTime',
  'withRating',
  'withoutRating',
  'percRating',
];

function shown(
  counters: DashboardCountersDto | undefined,
  key: keyof DashboardCountersDto,
  num: (n: number) => string,
): string | number {
  if (!counters) return '—';
  const v = counters[key];
  if (key === 'avgWaitTime' || key === 'avgSupportTime') return formatDashboardMinutes(v);
  if (key === 'percRating') return `${num(v ?? 0)}%`;
  return v ?? 0;
}

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' };

/** The dashboard (seed 000 §2 "Dashboard", §3): indicators with NPS, and attendants, over a filtered range. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const num = useNumberFormat();
  const [filter, setFilter] = useState(() => defaultFilter(clock.timeZone));
  const [tab, setTab] = useState<'indicators' | 'attendants' | 'satisfaction' | 'sla'>('indicators');
  useDashboardLiveRefresh();
  const dashboard = useDashboard(filter);
  const perDay = useTicketsPerDay(filter);
  // the same length of time just before, for the trend's comparison (issue 35 item 5)
  const before = previousRange({ from: filter.dateFrom, to: filter.dateTo });
  const perDayBefore = useTicketsPerDay(
    before ? { ...filter, dateFrom: before.from, dateTo: before.to } : filter,
    Boolean(before),
  );
  const perUser = useTicketsPerUser(filter);
  const counters = dashboard.data?.counters;
  const loading = dashboard.isLoading;

  return (
    <Box sx={PAGE_SX}>
      <Typography variant="h5" component="h1">
        {t('dashboard.title')}
      </Typography>
      <DashboardFilterBar value={filter} onApply={setFilter} />
      {dashboard.isError ? (
        <Alert
          severity="error"
          data-testid="dashboard-error"
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('dashboard.fetchError')}
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={(_, v) => setTab(v)} aria-label={t('dashboard.title')}>
        <Tab value="indicators" label={t('dashboard.tabs.indicators')} />
        <Tab value="attendants" label={t('dashboard.tabs.attendants')} />
        <Tab value="satisfaction" label={t('dashboard.tabs.satisfaction')} data-testid="tab-satisfaction" />
        <Tab value="sla" label={t('dashboard.tabs.sla')} data-testid="tab-sla" />
      </Tabs>
      {tab === 'indicators' ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Section title={t('dashboard.now')}>
            <Box sx={grid}>
              {NOW.map((k) => (
                <CounterCard key={k} name={k} value={shown(counters, k, num)} loading={loading} color="info.main" />
              ))}
            </Box>
          </Section>
          <Section title={t('dashboard.period')}>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: '3fr 1fr' } }}>
              <Box sx={{ ...grid, alignContent: 'start' }}>
                {PERIOD.map((k) => (
                  <CounterCard key={k} name={k} value={shown(counters, k, num)} loading={loading} />
                ))}
              </Box>
              {counters ? <NpsPanel counters={counters} /> : null}
            </Box>
          </Section>
          <TicketsPerDayChart
            data={perDay.data}
            previous={before ? perDayBefore.data : undefined}
            range={{ from: filter.dateFrom, to: filter.dateTo }}
            loading={perDay.isLoading}
            error={perDay.isError}
          />
        </Box>
      ) : tab === 'satisfaction' ? (
        <SatisfactionPanel filter={filter} />
      ) : tab === 'sla' ? (
        <SlaPanel filter={filter} />
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <AttendantsTable rows={dashboard.data?.attendants ?? []} />
          <TicketsPerUserChart data={perUser.data} loading={perUser.isLoading} error={perUser.isError} />
        </Box>
      )}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
