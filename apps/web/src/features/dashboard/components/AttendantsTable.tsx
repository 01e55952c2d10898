import { type DashboardAttendantDto, formatDashboardMinutes } from '@atendo/shared';
import StarRounded from '@mui/icons-material/StarRounded';
import { Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from './format';

/** Seed 000 §3 "Attendant rows": name, rating (0–10 average), ratings, tickets, average times, online. */
export function AttendantsTable({ rows }: { rows: DashboardAttendantDto[] }) {
  const { t } = useTranslation();
  const num = useNumberFormat();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('dashboard.tabs.attendants')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dashboard.attendants.name')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.rating')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.countRating')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.tickets')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.avgWaitTime')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.avgSupportTime')}</TableCell>
            <TableCell align="center">{t('dashboard.attendants.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7}>
                <Typography variant="body2" color="text.secondary">
                  {t('dashboard.attendants.none')}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.id} data-testid="attendant-row">
                <TableCell>{r.name}</TableCell>
                <TableCell align="center">
                  {r.rating === null ? (
                    '—'
                  ) : (
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                      <StarRounded fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
                      {num(r.rating)}
                    </Box>
                  )}
                </TableCell>
                <TableCell align="center">{r.countRating}</TableCell>
                <TableCell align="center">{r.tickets}</TableCell>
                <TableCell align="center">{r.avgWaitTime === null ? '—' : formatDashboardMinutes(r.avgWaitTime)}</TableCell>
                <TableCell align="center">{r.avgSupportTime === null ? '—' : formatDashboardMinutes(r.avgSupportTime)}</TableCell>
                <TableCell align="center">
                  <Chip
                    size="small"
                    color={r.online ? 'success' : 'default'}
                    label={t(r.online ? 'dashboard.attendants.online' : 'dashboard.attendants.offline')}
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
