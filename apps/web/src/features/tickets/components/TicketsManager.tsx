import { can, DEBOUNCE_MS } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import GroupIcon from '@mui/icons-material/Group';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Checkbox,
  FormControlLabel,
  IconButton,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Switch,
  Tab,
  Tabs,
  Tooltip,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { type InboxFilters, NO_FILTERS, type TicketListParams } from '../../../shared/data/tickets/ticketMatch';
import type { InboxTab, Ticket, TicketDetail } from '../../../shared/data/tickets/types';
import { useCloseAllTickets, useTicket } from '../../../shared/data/tickets/useTicket';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { SearchField } from '../../../shared/ui/SearchField';
import { useTickets } from '../hooks/useTickets';
import { NewTicketDialog } from './inbox/NewTicketDialog';
import { type OpenTicketInfo, TicketAlreadyOpenDialog } from './inbox/TicketAlreadyOpenDialog';
import { TicketsFilter } from './inbox/TicketsFilter';
import { TicketsList } from './TicketsList';

/** Close-all applies to the tabs that hold live tickets. */
const CLOSABLE: InboxTab[] = ['open', 'pending', 'group'];

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

/**
 * After Aceitar (or a reopen) the list follows the conversation on screen to the tab it now lives in,
 * as Whaticket does: only when it became the current user's live ticket, and never away from a search.
 */
function useFollowSelected(
  selected: TicketDetail | undefined,
  userId: number,
  setTab: (fn: (tab: InboxTab) => InboxTab) => void,
) {
  const last = useRef<{ id: number; status: string } | null>(null);
  useEffect(() => {
    if (!selected) return;
    const before = last.current;
    last.current = { id: selected.id, status: selected.status };
    if (!before || before.id !== selected.id || before.status === selected.status) return;
    const { status } = selected;
    if ((status === 'open' || status === 'group') && selected.userId === userId) {
      setTab((tab) => (tab === 'search' ? tab : status));
    }
  }, [selected, userId, setTab]);
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
  const [filters, setFilters] = useState<InboxFilters>(NO_FILTERS);
  const [newOpen, setNewOpen] = useState(false);
  const [alreadyOpen, setAlreadyOpen] = useState<OpenTicketInfo | null>(null);
  const [closeAllAsk, setCloseAllAsk] = useState(false);
  const navigate = useNavigate();
  const mayCloseAll = can(user, 'tickets-manager:closeAll');
  const isAdmin = user.profile === 'admin';
  // the same cache entry the conversation reads: no second request
  const { data: selected } = useTicket(selectedUuid);
  useFollowSelected(selected, user.id, setTab);

  const base = useMemo(
    () => ({ searchParam: '', searchOnMessages: false, showAll: mayShowAll && showAll, queueIds, sortTickets, filters }),
    [mayShowAll, showAll, queueIds, sortTickets, filters],
  );
  const closeAll = useCloseAllTickets();
  const params: TicketListParams = useMemo(
    () =>
      tab === 'search'
        ? { ...base, tab, searchParam, searchOnMessages }
        : { ...base, tab, searchParam: '', searchOnMessages: false },
    [base, tab, searchParam, searchOnMessages],
  );

  return (
    <Paper square elevation={0} sx={{ display: 'flex', flexDirection: 'column', height: '100%', width: '100%', minWidth: 0 }}>
      <Box
        sx={{
          px: 1,
          pt: 1,
          pb: 0.25,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {/* One compact header: the search and the queues on a line, the switches and actions under it (issue 35 item 2). */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <SearchField
            size="small"
            sx={{ flex: 1, minWidth: 0 }}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (e.target.value.trim()) setTab('search');
            }}
            placeholder={t('tickets.search.placeholder')}
            htmlInput={{ 'aria-label': t('tickets.search.placeholder'), 'data-shortcut': 'search' }}
          />
          <Select
            size="small"
            multiple
            displayEmpty
            value={queueIds}
            onChange={(e) => setQueueIds(typeof e.target.value === 'string' ? [] : e.target.value)}
            renderValue={(v) => (v.length ? t('tickets.queues.selected', { count: v.length }) : t('tickets.queues.all'))}
            inputProps={{ 'aria-label': t('tickets.queues.label') }}
            sx={{ flexShrink: 0, maxWidth: '45%' }}
          >
            {user.queues.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                <Checkbox size="small" checked={queueIds.includes(q.id)} sx={{ color: q.color }} />
                <ListItemText primary={q.name} />
              </MenuItem>
            ))}
          </Select>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 0.5, flexWrap: 'wrap', minHeight: 36, pl: 1 }}>
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
          <Tooltip title={t('inbox.newTicket.title')}>
            <IconButton size="small" color="primary" aria-label={t('inbox.newTicket.title')} onClick={() => setNewOpen(true)}>
              <AddIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <TicketsFilter value={filters} onChange={setFilters} showUsers={isAdmin} />
          {mayCloseAll && CLOSABLE.includes(tab) ? (
            <Tooltip title={t('inbox.closeAll.button')}>
              <IconButton
                size="small"
                aria-label={t('inbox.closeAll.button')}
                disabled={closeAll.isPending}
                onClick={() => setCloseAllAsk(true)}
              >
                <DoneAllIcon fontSize="small" />
              </IconButton>
            </Tooltip>
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
        </Box>
      </Box>
      <Tabs
        value={tab}
        onChange={(_, v: InboxTab) => setTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        // The icon above its label: the five tabs of an admin (with their counts) fit the list at its default width at
        // 1440 px; they only scroll when the list is dragged narrower (issue 31 item 13).
        sx={{
          minHeight: 56,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': {
            minHeight: 56,
            minWidth: 0,
            flex: '1 0 auto',
            px: 1,
            py: 0.5,
            textTransform: 'none',
            fontSize: 13,
          },
          '& .MuiTab-iconWrapper': { mb: 0.25 },
        }}
      >
        <Tab
          value="open"
          icon={<MoveToInboxIcon fontSize="small" />}
          iconPosition="top"
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
          iconPosition="top"
          label={
            <TabCount
              params={{ ...base, tab: 'pending', searchParam: '', searchOnMessages: false }}
              label={t('tickets.tabs.pending')}
            />
          }
        />
        {groups ? (
          <Tab value="group" icon={<GroupIcon fontSize="small" />} iconPosition="top" label={t('tickets.tabs.group')} />
        ) : null}
        <Tab value="closed" icon={<CheckCircleIcon fontSize="small" />} iconPosition="top" label={t('tickets.tabs.closed')} />
        <Tab value="search" icon={<SearchIcon fontSize="small" />} iconPosition="top" label={t('tickets.tabs.search')} />
      </Tabs>
      <TicketsList key={JSON.stringify(params)} params={params} selectedUuid={selectedUuid} onOpen={onOpen} />
      {newOpen ? (
        <NewTicketDialog
          open
          onClose={() => setNewOpen(false)}
          onCreated={(ticket) => {
            setNewOpen(false);
            setTab('open');
            navigate(`/tickets/${ticket.uuid}`);
          }}
          onAlreadyOpen={(info) => {
            setNewOpen(false);
            setAlreadyOpen(info);
          }}
        />
      ) : null}
      <TicketAlreadyOpenDialog
        info={alreadyOpen}
        onClose={() => setAlreadyOpen(null)}
        onOpen={
          alreadyOpen && (isAdmin || alreadyOpen.userId === user.id || !alreadyOpen.userId)
            ? (uuid) => {
                setAlreadyOpen(null);
                navigate(`/tickets/${uuid}`);
              }
            : undefined
        }
      />
      <ConfirmationDialog
        open={closeAllAsk}
        onClose={() => setCloseAllAsk(false)}
        onConfirm={() =>
          closeAll.mutate(
            { status: tab, selectedQueueIds: queueIds.length ? JSON.stringify(queueIds) : undefined },
            { onSuccess: () => toast.success(t('inbox.closeAll.done')), onError: toastError },
          )
        }
        title={t('inbox.closeAll.title')}
        confirmLabel={t('inbox.closeAll.confirm')}
        busy={closeAll.isPending}
      >
        {t('inbox.closeAll.message', { tab: t(`tickets.tabs.${tab}`) })}
      </ConfirmationDialog>
    </Paper>
  );
}
