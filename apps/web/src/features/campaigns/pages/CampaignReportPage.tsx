import { CAMPAIGN_REPORT_RELOAD_MS, type CampaignShippingDto } from '@atendo/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Chip, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { sendFailureText, toastError } from '../../../shared/api/errors';
import { formatDateTime, formatWith } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { ChartFrame, useChartColors } from '../../../shared/ui/charts';
import { LoadError } from '../../../shared/ui/LoadError';
import { Loading } from '../../../shared/ui/Loading';
import { Page, PageHeader } from '../../../shared/ui/Page';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { exportCampaign, useCampaignReport, useCampaignShippings } from '../hooks/useCampaigns';
import { STATUS_COLOR } from './CampaignsPage';

const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : '—');

/**
 * /campaign/:id/report: what a marketing manager asks of a send — how far it got, who received, read and answered,
 * what failed and why — live from the campaign's events, reloaded 5 s after FINALIZADA (seed 002 §2.3).
 */
export default function CampaignReportPage() {
  const { t } = useTranslation();
  // the company's zone and the language's clock, as the inbox (issue 31 item 12)
  const clock = useClock();
  const colors = useChartColors();
  const when = (d: Date | string | null) => formatDateTime(clock, d) || '—';
  const navigate = useNavigate();
  const id = Number(useParams().campaignId);
  const report = useCampaignReport(id);
  const table = useCampaignShippings(id);
  const status = report.data?.campaign.status;

  useEffect(() => {
    if (status !== 'FINALIZADA') return;
    const timer = setTimeout(() => {
      void report.refetch();
      void table.refetch();
    }, CAMPAIGN_REPORT_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [status, report.refetch, table.refetch]);

  if (report.isError) return <LoadError error={report.error} onRetry={() => report.refetch()} />;
  if (!report.data) return <Loading />;
  const { campaign, totals, timeline } = report.data;
  const done = totals.sent + totals.failed;

  const figures: { key: string; value: number; of?: number }[] = [
    { key: 'recipients', value: totals.recipients },
    { key: 'sent', value: totals.sent, of: totals.recipients },
    { key: 'delivered', value: totals.delivered, of: totals.sent },
    { key: 'read', value: totals.read, of: totals.sent },
    { key: 'replied', value: totals.replied, of: totals.sent },
    { key: 'failed', value: totals.failed, of: totals.recipients },
  ];
  if (campaign.confirmation) {
    figures.push({ key: 'confirmationRequested', value: totals.confirmationRequested, of: totals.recipients });
    figures.push({ key: 'confirmed', value: totals.confirmed, of: totals.confirmationRequested });
  }

  const columns: Column<CampaignShippingDto>[] = [
    { key: 'name', header: t('campaignReport.columns.name'), render: (r) => r.name },
    { key: 'number', header: t('campaignReport.columns.number'), render: (r) => r.number },
    {
      key: 'status',
      header: t('campaignReport.columns.status'),
      render: (r) => (
        <Chip
          size="small"
          color={
            r.status === 'failed' ? 'error' : r.status === 'read' ? 'success' : r.status === 'delivered' ? 'info' : 'default'
          }
          label={t(`campaignReport.shipping.${r.status}`)}
        />
      ),
    },
    { key: 'variant', header: t('campaignReport.columns.variant'), align: 'center', render: (r) => r.variant },
    { key: 'sentAt', header: t('campaignReport.columns.sentAt'), render: (r) => when(r.sentAt) },
    { key: 'readAt', header: t('campaignReport.columns.readAt'), render: (r) => when(r.readAt) },
    { key: 'repliedAt', header: t('campaignReport.columns.repliedAt'), render: (r) => when(r.repliedAt) },
    { key: 'failedReason', header: t('campaignReport.columns.failedReason'), render: (r) => sendFailureText(r.failedReason) },
  ];

  return (
    <Page testId="campaign-report">
      <PageHeader
        title={t('campaignReport.title', { name: campaign.name })}
        back={
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/campaigns')}>
            {t('campaignReport.back')}
          </Button>
        }
        status={
          <Chip
            color={STATUS_COLOR[campaign.status]}
            label={t(`campaigns.status.${campaign.status}`)}
            data-testid="campaign-status"
          />
        }
        actions={
          <Button startIcon={<DownloadIcon />} onClick={() => exportCampaign(id).catch(toastError)}>
            {t('campaignReport.export')}
          </Button>
        }
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('campaignReport.progress', { done, total: totals.recipients })}
          {campaign.completedAt ? ` · ${t('campaignReport.completedAt', { at: when(campaign.completedAt) })}` : ''}
          {campaign.run > 1 ? ` · ${t('campaignReport.run', { run: campaign.run })}` : ''}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={totals.recipients ? (done / totals.recipients) * 100 : 0}
          sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
        />
      </Box>
      <Grid container spacing={2}>
        {figures.map((f) => (
          <Grid key={f.key} size={{ xs: 6, sm: 4, md: 3, lg: 1.5 }}>
            <Card>
              <CardContent>
                <Typography variant="overline" color="text.secondary">
                  {t(`campaignReport.totals.${f.key}`)}
                </Typography>
                <Typography variant="h5" data-testid={`total-${f.key}`}>
                  {f.value}
                </Typography>
                {f.of !== undefined ? (
                  <Typography variant="caption" color="text.secondary">
                    {pct(f.value, f.of)}
                  </Typography>
                ) : null}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <ChartFrame
            title={t('campaignReport.overTime')}
            testId="campaign-over-time"
            loading={false}
            error={false}
            empty={!timeline.length}
            emptyText={t('campaignReport.noSends')}
          >
            <LineChart
              height={260}
              xAxis={[
                {
                  data: timeline.map((p) => new Date(p.at)),
                  scaleType: 'time',
                  valueFormatter: (d: Date) =>
                    formatWith(clock, d, {
                      day: '2-digit',
                      month: '2-digit',
                      hour: '2-digit',
                      minute: '2-digit',
                      hourCycle: 'h23',
                    }),
                },
              ]}
              // cumulative counts rise in steps: a smoothed curve drew dips and values between sends that never were
              // counts: whole numbers from 0 (a lone point read '1.0…' on a cut axis)
              yAxis={[{ min: 0, tickMinStep: 1, valueFormatter: (v: number) => String(Math.round(v)) }]}
              series={[
                {
                  data: timeline.map((p) => p.sent),
                  label: t('campaignReport.totals.sent'),
                  color: colors.series[0],
                  showMark: true,
                  curve: 'stepAfter',
                },
                {
                  data: timeline.map((p) => p.delivered),
                  label: t('campaignReport.totals.delivered'),
                  color: colors.series[1],
                  showMark: true,
                  curve: 'stepAfter',
                },
                {
                  data: timeline.map((p) => p.read),
                  label: t('campaignReport.totals.read'),
                  color: colors.series[3],
                  showMark: true,
                  curve: 'stepAfter',
                },
              ]}
            />
          </ChartFrame>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="subtitle1">{t('campaignReport.failures')}</Typography>
              {totals.failedReasons.length ? (
                totals.failedReasons.map((r) => (
                  <Stack key={r.reason} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
                    <Typography variant="body2" title={r.reason}>
                      {sendFailureText(r.reason)}
                    </Typography>
                    <Typography variant="body2">{r.count}</Typography>
                  </Stack>
                ))
              ) : (
                <Typography color="text.secondary">{t('campaignReport.noFailures')}</Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <SearchableInfiniteTable
        title={t('campaignReport.recipients')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('campaignReport.noRecipients')}
        maxHeight="60vh"
      />
    </Page>
  );
}
