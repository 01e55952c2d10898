import { TICKET_STATUSES, type TicketStatus } from '@atendo/shared';
import { Box, Button, FormControlLabel, Paper, Switch, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ContactOption } from '../../../shared/data/contacts/useContacts';
import { useQueues } from '../../../shared/data/queues/useQueues';
import { useConnectionOptions, useTagOptions, useUserOptions } from '../../../shared/hooks/useInboxOptions';
import { ContactPicker } from '../../../shared/ui/ContactPicker';
import { MultiSelect } from '../../../shared/ui/MultiSelect';
import type { ReportFilters } from '../hooks/useReport';

export interface ReportFiltersPanelProps {
  value: ReportFilters;
  /** The contacts chosen (the picker shows their names; the filter sends their ids). */
  contacts: ContactOption[];
  onChange: (f: ReportFilters) => void;
  onContactsChange: (c: ContactOption[]) => void;
  onClear: () => void;
  rangeError: boolean;
}

/** The report's filters (seed 001 §7 "Report"): range of days, connections, queues, attendants, tags, status, contacts, rated only. */
export function ReportFiltersPanel({
  value,
  contacts,
  onChange,
  onContactsChange,
  onClear,
  rangeError,
}: ReportFiltersPanelProps) {
  const { t } = useTranslation();
  const connections = useConnectionOptions();
  const queues = useQueues();
  const users = useUserOptions();
  const tags = useTagOptions();
  const statuses = TICKET_STATUSES.map((s, i) => ({ id: i, name: t(`inbox.status.${s}`) }));
  const set = <K extends keyof ReportFilters>(key: K, v: ReportFilters[K]) => onChange({ ...value, [key]: v });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="report-filters">
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Tooltip title={t('reportsPage.hints.range')} placement="top">
          <TextField
            size="small"
            type="date"
            label={t('reportsPage.dateFrom')}
            value={value.dateFrom}
            onChange={(e) => set('dateFrom', e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-date-from' } }}
          />
        </Tooltip>
        <TextField
          size="small"
          type="date"
          label={t('reportsPage.dateTo')}
          value={value.dateTo}
          onChange={(e) => set('dateTo', e.target.value)}
          error={rangeError}
          helperText={rangeError ? t('reportsPage.invalidRange') : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-date-to' } }}
        />
        <MultiSelect
          label={t('reportsPage.connections')}
          testId="report-connections"
          options={connections.data ?? []}
          loading={connections.isLoading}
          value={value.whatsappIds}
          onChange={(ids) => set('whatsappIds', ids)}
        />
        <MultiSelect
          label={t('reportsPage.queues')}
          testId="report-queues"
          options={queues.data ?? []}
          loading={queues.isLoading}
          value={value.queueIds}
          onChange={(ids) => set('queueIds', ids)}
        />
        <MultiSelect
          label={t('reportsPage.users')}
          testId="report-users"
          options={users.data ?? []}
          loading={users.isLoading}
          value={value.users}
          onChange={(ids) => set('users', ids)}
        />
        <MultiSelect
          label={t('reportsPage.tags')}
          testId="report-tags"
          options={tags.data ?? []}
          loading={tags.isLoading}
          value={value.tags}
          onChange={(ids) => set('tags', ids)}
        />
        <MultiSelect
          label={t('reportsPage.statuses')}
          testId="report-statuses"
          options={statuses}
          value={value.status.map((s) => TICKET_STATUSES.indexOf(s))}
          onChange={(ids) =>
            set(
              'status',
              ids.map((i) => TICKET_STATUSES[i] as TicketStatus),
            )
          }
        />
        <ContactPicker multiple label={t('reportsPage.contacts')} value={contacts} onChange={onContactsChange} margin="none" />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <FormControlLabel
          control={<Switch checked={value.onlyRated} onChange={(e) => set('onlyRated', e.target.checked)} />}
          label={t('reportsPage.onlyRated')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={value.slaBreached}
              onChange={(e) => set('slaBreached', e.target.checked)}
              slotProps={{ input: { 'aria-label': t('reportsPage.slaBreached') } }}
              data-testid="report-sla-breached"
            />
          }
          label={t('reportsPage.slaBreached')}
          sx={{ mr: 'auto' }}
        />
        <Button size="small" onClick={onClear}>
          {t('reportsPage.clear')}
        </Button>
      </Box>
    </Paper>
  );
}
