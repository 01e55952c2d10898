import { AUDIT_ACTIONS, type AuditLogDto } from '@atendo/shared';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import { useCompanyNames } from '../../../shared/data/connections/useConnections';
import { useUserList } from '../../../shared/data/users/useUsers';
import { useClock } from '../../../shared/hooks/useClock';
import { useCurrentUser } from '../../../shared/session/context';
import { PAGE_SX } from '../../../shared/ui/Page';
import { type AuditFilters, downloadAuditLogs, useAuditLogs } from '../hooks/useAuditLogs';

const changes = (e: AuditLogDto) => {
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return keys.map((k) => `${k}: ${show(e.before?.[k])} → ${show(e.after?.[k])}`).join('; ');
};

/** The audit log (issue 34 item 3): who did what, when, from where; admins see their company, the super admin all. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const me = useCurrentUser();
  const [filters, setFilters] = useState<AuditFilters>({ from: '', to: '', action: '', userId: '', companyId: '' });
  const companies = useCompanyNames(me.super);
  // The user list is the company's own: offered when looking at one's own company.
  const users = useUserList(!filters.companyId || Number(filters.companyId) === me.companyId);
  const log = useAuditLogs(filters);
  const rows = log.data?.pages.flatMap((p) => p.records) ?? [];
  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [k]: e.target.value }));

  return (
    <Box sx={PAGE_SX}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('audit.title')}
        </Typography>
        <Button variant="outlined" onClick={() => void downloadAuditLogs(filters).catch(toastError)}>
          {t('audit.export')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <TextField
          type="date"
          label={t('audit.from')}
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={t('audit.to')}
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField select label={t('audit.action')} value={filters.action} onChange={set('action')} sx={{ minWidth: 240 }}>
          <MenuItem value="">{t('audit.allActions')}</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {t(`audit.actions.${a}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('audit.user')} value={filters.userId} onChange={set('userId')} sx={{ minWidth: 200 }}>
          <MenuItem value="">{t('audit.allUsers')}</MenuItem>
          {(users.data ?? []).map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        {me.super && (
          <TextField
            select
            label={t('audit.company')}
            value={filters.companyId}
            onChange={(e) => setFilters((f) => ({ ...f, companyId: e.target.value, userId: '' }))}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('audit.allCompanies')}</MenuItem>
            {(companies.data ?? []).map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('audit.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('audit.when')}</TableCell>
              <TableCell>{t('audit.who')}</TableCell>
              <TableCell>{t('audit.address')}</TableCell>
              <TableCell>{t('audit.action')}</TableCell>
              <TableCell>{t('audit.record')}</TableCell>
              <TableCell>{t('audit.changes')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.id} data-testid="audit-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(clock, e.createdAt)}</TableCell>
                <TableCell>{e.userName}</TableCell>
                <TableCell>{e.ip ?? '—'}</TableCell>
                <TableCell>{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</TableCell>
                <TableCell>{e.entityId ? `${e.entity} #${e.entityId}` : e.entity}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', maxWidth: 480 }}>{changes(e)}</TableCell>
              </TableRow>
            ))}
            {!log.isLoading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('audit.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {log.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {t('audit.more')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
