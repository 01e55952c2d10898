import { formatMinutes, REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES } from '@atendo/shared';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNewOutlined';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { dayKey, formatDateTime } from '../../../shared/clock';
import type { ContactOption } from '../../../shared/data/contacts/useContacts';
import { useClock } from '../../../shared/hooks/useClock';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { LoadError } from '../../../shared/ui/LoadError';
import { TicketLogDialog } from '../../../shared/ui/TicketLogDialog';
import { ReportFiltersPanel } from '../components/ReportFiltersPanel';
import { ReportTotals } from '../components/ReportTotals';
import {
  type ReportFilters,
  type ReportRow,
  useReportEvents,
  useReportExport,
  useTicketReport,
  useTicketReportTotals,
} from '../hooks/useReport';

/** The default range of seed 001 §9: the first of the month to today, in the company's time zone. */
export function defaultReportFilters(today: string): ReportFilters {
  return {
    searchParam: '',
    contactIds: [],
    whatsappIds: [],
    tags: [],
    users: [],
    queueIds: [],
    status: [],
    dateFrom: `${today.slice(0, 8)}01`,
    dateTo: today,
    onlyRated: false,
    slaBreached: false,
  };
}

const megabytes = (bytes: number, locale: string) =>
  `${(bytes / 1_048_576).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/** /reports — the tickets report (seed 001 §2 "Tickets report"): filters, totals, a paged table, the Excel export. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  const clock = useClock();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The dashboard's SLA tab links here with its range and the missed ones only.
  const initial = useMemo(() => {
    const base = defaultReportFilters(dayKey(clock, new Date()));
    const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
    return {
      ...base,
      dateFrom: day(params.get('dateFrom')) ?? base.dateFrom,
      dateTo: day(params.get('dateTo')) ?? base.dateTo,
      slaBreached: params.get('slaBreached') === 'true',
    };
  }, [clock, params]);
  const [filters, setFilters] = useState<ReportFilters>(initial);
  const [contacts, setContacts] = useState<ContactOption[]>([]);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(REPORT_DEFAULT_PAGE_SIZE);
  const [logOf, setLogOf] = useState<number | null>(null);
  const search = useDebouncedValue(filters.searchParam);
  const rangeError = Boolean(filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo);
  const applied = useMemo(() => ({ ...filters, searchParam: search }), [filters, search]);
  const report = useTicketReport(applied, page + 1, pageSize, !rangeError);
  const totals = useTicketReportTotals(applied, !rangeError);
  const exporter = useReportExport();
  useReportEvents();

  const change = (f: ReportFilters) => {
    setFilters(f);
    setPage(0);
  };
  const rows = report.data?.tickets ?? [];
  const total = report.data?.totalTickets.total ?? 0;

  const columns: { key: string; header: string; render: (r: ReportRow) => React.ReactNode; align?: 'right' | 'center' }[] = [
    { key: 'id', header: t('reportsPage.columns.id'), render: (r) => r.id, align: 'right' },
    { key: 'connection', header: t('reportsPage.columns.connection'), render: (r) => r.whatsappName ?? '-' },
    {
      key: 'contact',
      header: t('reportsPage.columns.contact'),
      render: (r) => (
        <Box>
          <Typography variant="body2">{r.contactName}</Typography>
          <Typography variant="caption" color="text.secondary">
            {r.contactNumber}
          </Typography>
        </Box>
      ),
    },
    { key: 'user', header: t('reportsPage.columns.user'), render: (r) => r.userName ?? '-' },
    { key: 'queue', header: t('reportsPage.columns.queue'), render: (r) => r.queueName ?? '-' },
    {
      key: 'status',
      header: t('reportsPage.columns.status'),
      render: (r) => <Chip size="small" variant="outlined" label={t(`inbox.status.${r.status}`)} />,
    },
    { key: 'createdAt', header: t('reportsPage.columns.createdAt'), render: (r) => formatDateTime(clock, r.createdAt) },
    {
      key: 'closedAt',
      header: t('reportsPage.columns.closedAt'),
      render: (r) => (r.closedAt ? formatDateTime(clock, r.closedAt) : '-'),
    },
    {
      key: 'supportTime',
      header: t('reportsPage.columns.supportTime'),
      render: (r) => formatMinutes(r.supportTime),
      align: 'right',
    },
    { key: 'nps', header: t('reportsPage.columns.nps'), render: (r) => r.NPS ?? '-', align: 'center' },
    {
      key: 'sla',
      header: t('reportsPage.columns.sla'),
      align: 'center',
      render: (r) =>
        r.slaBreach ? (
          <Chip size="small" color="error" label={t(`tickets.list.sla.target.${r.slaBreach}`)} data-testid="report-sla-breach" />
        ) : (
          '-'
        ),
    },
    {
      key: 'actions',
      header: t('reportsPage.columns.actions'),
      align: 'center',
      render: (r) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('reportsPage.logs')}>
            <IconButton size="small" aria-label={`${t('reportsPage.logs')} ${r.id}`} onClick={() => setLogOf(r.id)}>
              <HistoryIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('reportsPage.open')}>
            <IconButton
              size="small"
              aria-label={`${t('reportsPage.open')} ${r.id}`}
              onClick={() => navigate(`/tickets/${r.uuid}`)}
            >
              <OpenInNewIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  const progress = exporter.progress;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('reportsPage.title')}
        </Typography>
        <TextField
          size="small"
          type="search"
          label={t('reportsPage.search')}
          value={filters.searchParam}
          onChange={(e) => change({ ...filters, searchParam: e.target.value })}
          sx={{ minWidth: 280 }}
        />
        <Button
          variant="contained"
          startIcon={exporter.running ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
          disabled={exporter.running || rangeError || total === 0}
          onClick={() => void exporter.start(applied)}
        >
          {t('reportsPage.export')}
        </Button>
      </Box>
      <ReportFiltersPanel
        value={filters}
        contacts={contacts}
        onChange={change}
        onContactsChange={(list) => {
          setContacts(list);
          change({ ...filters, contactIds: list.map((c) => c.id) });
        }}
        onClear={() => {
          setContacts([]);
          change(initial);
        }}
        rangeError={rangeError}
      />
      {progress ? (
        <Paper variant="outlined" sx={{ p: 1.5 }} role="status" data-testid="report-export-progress">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {progress.total === null
                ? t('reportsPage.exportingUnknown', { size: megabytes(progress.bytes, clock.locale) })
                : t('reportsPage.exporting', {
                    rows: progress.total.toLocaleString(clock.locale),
                    size: megabytes(progress.bytes, clock.locale),
                  })}
            </Typography>
            <Button size="small" onClick={exporter.cancel}>
              {t('reportsPage.cancelExport')}
            </Button>
          </Box>
          <LinearProgress sx={{ mt: 1 }} />
        </Paper>
      ) : null}
      <ReportTotals totals={totals.data} loading={totals.isLoading} />
      {report.isError && !report.data ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
          {report.isFetching ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
          <Table size="small" aria-label={t('reportsPage.title')} sx={{ '& th, & td': { px: 1 } }}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600, lineHeight: 1.2 }}>
                    {c.key === 'supportTime' ? (
                      <Tooltip title={t('reportsPage.hints.supportTime')}>
                        <span>{c.header}</span>
                      </Tooltip>
                    ) : (
                      c.header
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report.isLoading ? (
                <TableRow>
                  <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                    <CircularProgress size={28} aria-label={t('common.loading')} />
                  </TableCell>
                </TableRow>
              ) : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {t('reportsPage.empty')}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((r) => (
                  <TableRow key={r.id} hover data-testid="report-row">
                    {columns.map((c) => (
                      <TableCell key={c.key} align={c.align}>
                        {c.render(r)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={total}
            page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('reportsPage.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) =>
              t('reportsPage.pageOf', { from, to, total: count.toLocaleString(i18n.language) })
            }
          />
        </TableContainer>
      )}
      {logOf !== null ? <TicketLogDialog ticketId={logOf} open onClose={() => setLogOf(null)} /> : null}
    </Box>
  );
}
