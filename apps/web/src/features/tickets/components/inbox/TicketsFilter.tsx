import { TICKET_STATUSES, type TicketStatus } from '@atendo/shared';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, IconButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, type InboxFilters, NO_FILTERS } from '../../../../shared/data/tickets/ticketMatch';
import { useConnectionOptions, useTagOptions, useUserOptions } from '../../../../shared/hooks/useInboxOptions';
import { MultiSelect, type MultiSelectOption as Option } from '../../../../shared/ui/MultiSelect';

/** The inbox filter panel (seed 000 §2): tags, connections, statuses and — for admins — users. */
export function TicketsFilter({
  value,
  onChange,
  showUsers,
}: {
  value: InboxFilters;
  onChange: (f: InboxFilters) => void;
  showUsers: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const tags = useTagOptions(open);
  const connections = useConnectionOptions(open);
  const users = useUserOptions(open && showUsers);
  const count = activeFilterCount(value);
  const statuses: Option[] = TICKET_STATUSES.map((s, i) => ({ id: i, name: t(`inbox.status.${s}`) }));

  return (
    <>
      {/* Named by its hidden text; the count of filters in use is only drawn (what is read is what is named). */}
      <Tooltip title={t('inbox.filters.title')} describeChild>
        <IconButton size="small" onClick={(e) => setAnchor(e.currentTarget)}>
          <span className="visually-hidden">{t('inbox.filters.title')}</span>
          <Badge badgeContent={count} color="primary" slotProps={{ badge: { 'aria-hidden': true } }}>
            <FilterListIcon fontSize="small" />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 2, width: 340, maxWidth: '95vw' } } }}
      >
        <Stack spacing={1.5} data-testid="tickets-filter">
          <Typography variant="subtitle2">{t('inbox.filters.title')}</Typography>
          <MultiSelect
            label={t('inbox.filters.tags')}
            testId="filter-tags"
            options={tags.data ?? []}
            loading={tags.isLoading}
            value={value.tags}
            onChange={(ids) => onChange({ ...value, tags: ids })}
          />
          <MultiSelect
            label={t('inbox.filters.connections')}
            testId="filter-connections"
            options={connections.data ?? []}
            loading={connections.isLoading}
            value={value.whatsapps}
            onChange={(ids) => onChange({ ...value, whatsapps: ids })}
          />
          <MultiSelect
            label={t('inbox.filters.statuses')}
            testId="filter-statuses"
            options={statuses}
            value={value.statuses.map((s) => TICKET_STATUSES.indexOf(s))}
            onChange={(ids) => onChange({ ...value, statuses: ids.map((i) => TICKET_STATUSES[i] as TicketStatus) })}
          />
          {showUsers ? (
            <MultiSelect
              label={t('inbox.filters.users')}
              testId="filter-users"
              options={users.data ?? []}
              loading={users.isLoading}
              value={value.users}
              onChange={(ids) => onChange({ ...value, users: ids })}
            />
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {t('inbox.filters.statusesHint')}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button size="small" disabled={count === 0} onClick={() => onChange(NO_FILTERS)}>
              {t('inbox.filters.clear')}
            </Button>
            <Button size="small" variant="contained" onClick={() => setAnchor(null)}>
              {t('inbox.filters.done')}
            </Button>
          </Box>
        </Stack>
      </Popover>
    </>
  );
}
