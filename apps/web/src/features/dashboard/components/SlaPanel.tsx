import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DashboardFilter } from '../hooks/useDashboard';
import { type SlaReport, useSlaReport } from '../hooks/useSatisfaction';
import { CounterCard } from './CounterCard';
import { useNumberFormat } from './format';
import { GroupTable } from './GroupTable';

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' };

/**
 * The SLA tab (issue 33 item 2; docs/metrics.md "SLA"): of the tickets whose queue's policy applied in the range, the
 * share that met every target, the missed ones by first target missed, per attendant and per queue; the missed ones
 * are listed by the tickets report.
 */
export function SlaPanel({ filter }: { filter: DashboardFilter }) {
  const { t } = useTranslation();
  const num = useNumberFormat();
  const report = useSlaReport(filter);
  const totals = report.data?.totals;
  const loading = report.isLoading;
  const figures = [
    { name: 'slaMetRate', value: totals?.metRate === null || !totals ? '—' : `${num(totals.metRate)}%`, color: 'success.main' },
    { name: 'slaTickets', value: totals ? num(totals.tickets) : '—' },
    { name: 'slaBreached', value: totals ? num(totals.breached) : '—', color: 'error.main' },
    { name: 'slaFirstResponse', value: totals ? num(totals.firstResponse) : '—' },
    { name: 'slaNextResponse', value: totals ? num(totals.nextResponse) : '—' },
    { name: 'slaResolution', value: totals ? num(totals.resolution) : '—' },
    { name: 'slaRunning', value: totals ? num(totals.running) : '—', color: 'info.main' },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="sla">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          component={RouterLink}
          to={`/reports?slaBreached=true&dateFrom=${filter.dateFrom}&dateTo=${filter.dateTo}`}
          data-testid="sla-breached-link"
        >
          {t('dashboard.sla.breachedTickets')}
        </Button>
      </Box>
      {report.isError ? (
        <Alert severity="error">{t('dashboard.fetchError')}</Alert>
      ) : (
        <Box sx={grid}>
          {figures.map((f) => (
            <CounterCard key={f.name} name={f.name} value={f.value} loading={loading} color={f.color} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <SlaTable title={t('dashboard.sla.perAttendant')} testId="sla-attendants" rows={report.data?.attendants ?? []} />
        <SlaTable title={t('dashboard.sla.perQueue')} testId="sla-queues" rows={report.data?.queues ?? []} />
      </Box>
    </Box>
  );
}

function SlaTable({ title, testId, rows }: { title: string; testId: string; rows: SlaReport['attendants'] }) {
  const { t } = useTranslation();
  const num = useNumberFormat();
  return (
    <GroupTable
      title={title}
      testId={testId}
      rows={rows}
      columns={[
        { header: t('dashboard.sla.metRate'), render: (r) => (r.metRate === null ? '—' : `${num(r.metRate)}%`) },
        { header: t('dashboard.sla.tickets'), render: (r) => num(r.tickets) },
        { header: t('dashboard.sla.breached'), render: (r) => num(r.breached) },
        { header: t('dashboard.sla.running'), render: (r) => num(r.running) },
      ]}
    />
  );
}
