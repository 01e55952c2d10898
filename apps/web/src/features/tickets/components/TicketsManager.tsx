import { can, DEBOUNCE_MS } from '@atendo/shared';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import GroupIcon from '@mui/icons-material/Group';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/session/context';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useTickets } from '../hooks/useTickets';
import type { InboxTab, Ticket } from '../types';
import type { TicketListParams } from '../utils/ticketMatch';
import { TicketsList } from './TicketsList';

function TabCount({ params, label }: { params: TicketListParams; label: string }) {
  const { count } = useTickets(params);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {label}
      {count > 0 ? (
        <Box
          component="span"
          data-testid={`tab-count-${params.tab}`}
          sx={{
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            borderRadius: 5,
            px: 0.75,
            fontSize: 11,
            lineHeight: '18px',
            minWidth: 18,
          }}
        >
          {count > 999 ? '999+' : count}
        </Box>
      ) : null}
    </Box>
  );
}

/** The inbox of seed 000 §2: search, queue selector, show-all, sort, tabs, and the list of the chosen view. */
export function TicketsManager({ selectedUuid, onOpen }: { selectedUuid?: string; onOpen: (t: Ticket) => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const mayShowAll = can(user, 'tickets-manager:showall');
  const groups = can(user, 'tickets:groups');
  const [tab, setTab] = useState<InboxTab>('open');
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [queueIds, setQueueIds] = useState<number[]>(() => user.queues.map((q) => q.id));
  const [sortTickets, setSort] = useState<'ASC' | 'DESC'>('DESC');

  const base = useMemo(
    () => ({ searchParam: '', searchOnMessages: false, showAll: mayShowAll && showAll, queueIds, sortTickets }),
    [mayShowAll, showAll, queueIds, sortTickets],
  );
  const params: TicketListParams = useMemo(
    () =>
      tab === 'search'
        ? { ...base, tab, searchParam, searchOnMessages }
        : { ...base, tab, searchParam: '', searchOnMessages: false },
    [base, tab, searchParam, searchOnMessages],
  );

  return (
    <Paper square elevation={0} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}>
      <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            if (e.target.value.trim()) setTab('search');
          }}
          placeholder={t('tickets.search.placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('tickets.search.placeholder') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch size="small" checked={searchOnMessages} onChange={(e) => setSearchOnMessages(e.target.checked)} />}
            label={t('tickets.search.onMessages')}
            slotProps={{ typography: { variant: 'caption' } }}
          />
          {mayShowAll ? (
            <FormControlLabel
              control={<Switch size="small" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />}
              label={t('tickets.showAll')}
              slotProps={{ typography: { variant: 'caption' } }}
            />
          ) : null}
          <Tooltip title={sortTickets === 'DESC' ? t('tickets.sort.desc') : t('tickets.sort.asc')}>
            <IconButton
              size="small"
              aria-label={sortTickets === 'DESC' ? t('tickets.sort.desc') : t('tickets.sort.asc')}
              onClick={() => setSort((s) => (s === 'DESC' ? 'ASC' : 'DESC'))}
            >
              {sortTickets === 'DESC' ? <ArrowDownwardIcon fontSize="small" /> : <ArrowUpwardIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
          <Select
            size="small"
            multiple
            displayEmpty
            value={queueIds}
            onChange={(e) => setQueueIds(typeof e.target.value === 'string' ? [] : e.target.value)}
            renderValue={(v) => (v.length ? t('tickets.queues.selected', { count: v.length }) : t('tickets.queues.all'))}
            inputProps={{ 'aria-label': t('tickets.queues.label') }}
            sx={{ ml: 'auto', minWidth: 120 }}
          >
            {user.queues.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                <Checkbox size="small" checked={queueIds.includes(q.id)} sx={{ color: q.color }} />
                <ListItemText primary={q.name} />
              </MenuItem>
            ))}
          </Select>
        </Box>
      </Box>
      <Tabs
        value={tab}
        onChange={(_, v: InboxTab) => setTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ minHeight: 48, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { minHeight: 48, px: 1.5 } }}
      >
        <Tab
          value="open"
          icon={<MoveToInboxIcon fontSize="small" />}
          iconPosition="start"
          label={
            <TabCount
              params={{ ...base, tab: 'open', searchParam: '', searchOnMessages: false }}
              label={t('tickets.tabs.open')}
            />
          }
        />
        <Tab
          value="pending"
          icon={<HourglassEmptyIcon fontSize="small" />}
          iconPosition="start"
          label={
            <TabCount
              params={{ ...base, tab: 'pending', searchParam: '', searchOnMessages: false }}
              label={t('tickets.tabs.pending')}
            />
          }
        />
        {groups ? (
          <Tab value="group" icon={<GroupIcon fontSize="small" />} iconPosition="start" label={t('tickets.tabs.group')} />
        ) : null}
        <Tab value="closed" icon={<CheckCircleIcon fontSize="small" />} iconPosition="start" label={t('tickets.tabs.closed')} />
        <Tab value="search" icon={<SearchIcon fontSize="small" />} iconPosition="start" label={t('tickets.tabs.search')} />
      </Tabs>
      <TicketsList key={JSON.stringify(params)} params={params} selectedUuid={selectedUuid} onOpen={onOpen} />
    </Paper>
  );
}
