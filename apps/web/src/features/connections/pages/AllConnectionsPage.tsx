import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllConnections, useCompanyNames } from '../../../shared/data/connections/useConnections';
import { TableStateRows } from '../../../shared/ui/TableStateRows';

interface CompanyRow {
  companyId: number;
  companyName: string;
  connected: number;
  disconnected: number;
  total: number;
}

/**
 * Seed 001 §2: every company with its connected, disconnected and total connections — zeros for one without any
 * (issue 30 item 9) — and a totals row (super users).
 */
export default function AllConnectionsPage() {
  const { t } = useTranslation();
  const all = useAllConnections();
  const companies = useCompanyNames();
  const rows = useMemo(() => {
    const byCompany = new Map<number, CompanyRow>();
    for (const company of [...(companies.data ?? [])].sort((a, b) => a.id - b.id)) {
      byCompany.set(company.id, { companyId: company.id, companyName: company.name, connected: 0, disconnected: 0, total: 0 });
    }
    for (const c of all.data ?? []) {
      const row = byCompany.get(c.companyId) ?? {
        companyId: c.companyId,
        companyName: c.companyName,
        connected: 0,
        disconnected: 0,
        total: 0,
      };
      if (c.status === 'CONNECTED') row.connected += 1;
      else row.disconnected += 1;
      row.total += 1;
      byCompany.set(c.companyId, row);
    }
    return [...byCompany.values()];
  }, [all.data, companies.data]);
  const totals = rows.reduce(
    (s, r) => ({ connected: s.connected + r.connected, disconnected: s.disconnected + r.disconnected, total: s.total + r.total }),
    {
      connected: 0,
      disconnected: 0,
      total: 0,
    },
  );
  const head = { fontWeight: 600 };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t('connections.all.title')}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('connections.all.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={head}>{t('connections.all.company')}</TableCell>
              <TableCell sx={head} align="center">
                {t('connections.all.connected')}
              </TableCell>
              <TableCell sx={head} align="center">
                {t('connections.all.disconnected')}
              </TableCell>
              <TableCell sx={head} align="center">
                {t('connections.all.total')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.companyId} hover>
                <TableCell>
                  {r.companyName}{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    #{r.companyId}
                  </Typography>
                </TableCell>
                <TableCell align="center" sx={{ color: 'success.main' }}>
                  {r.connected}
                </TableCell>
                <TableCell align="center" sx={{ color: r.disconnected ? 'error.main' : undefined }}>
                  {r.disconnected}
                </TableCell>
                <TableCell align="center">{r.total}</TableCell>
              </TableRow>
            ))}
            <TableStateRows query={all} count={rows.length} colSpan={4} emptyText={t('connections.empty')} />
          </TableBody>
          <TableFooter sx={{ '& td': { fontSize: '0.875rem', color: 'text.primary', fontWeight: 600 } }}>
            <TableRow>
              <TableCell sx={head}>{t('connections.all.totals')}</TableCell>
              <TableCell sx={head} align="center" data-testid="total-connected">
                {totals.connected}
              </TableCell>
              <TableCell sx={head} align="center" data-testid="total-disconnected">
                {totals.disconnected}
              </TableCell>
              <TableCell sx={head} align="center" data-testid="total-all">
                {totals.total}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Box>
  );
}
