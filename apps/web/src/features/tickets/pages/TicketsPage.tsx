import { NARROW_SCREEN_PX, TICKET_LIST_MAX_PX, TICKET_LIST_MIN_PX } from '@atendo/shared';
import ChatIcon from '@mui/icons-material/Chat';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, CircularProgress, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import type { Ticket } from '../../../shared/data/tickets/types';
import { useTicket } from '../../../shared/data/tickets/useTicket';
import { useTicketEvents } from '../../../shared/data/tickets/useTicketEvents';
import { useSaveTicketsManagerWidth } from '../../../shared/data/users/useUsers';
import { useCurrentUser } from '../../../shared/session/context';
import { LoadError } from '../../../shared/ui/LoadError';
import { ShortcutsDialog } from '../components/ShortcutsDialog';
import { TicketsManager } from '../components/TicketsManager';
import { TicketView } from '../components/TicketView';
import { CONTACT_PANEL_PX, CONVERSATION_MIN_PX, useContactPanelRoom } from '../hooks/useContactPanel';
import { useInboxShortcuts } from '../hooks/useInboxShortcuts';

const clampWidth = (w: number) => Math.min(TICKET_LIST_MAX_PX, Math.max(TICKET_LIST_MIN_PX, Math.round(w)));

/** An unknown (or someone else's) ticket says so instead of silently going back to the list. */
function TicketNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box
      role="alert"
      data-testid="ticket-not-found"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        height: '100%',
        gap: 2,
        p: 3,
      }}
    >
      <SearchOffIcon sx={{ fontSize: 64, opacity: 0.4 }} />
      <Typography variant="h6" component="h2">
        {t('inbox.notFound.title')}
      </Typography>
      <Typography color="text.secondary" align="center">
        {t('inbox.notFound.message')}
      </Typography>
      <Button variant="contained" onClick={() => navigate('/tickets')}>
        {t('inbox.notFound.back')}
      </Button>
    </Box>
  );
}

/** The answers that mean "there is no such ticket for you": not found, a malformed uuid, another company's. */
const missing = (err: unknown) => err instanceof ApiError && [400, 403, 404].includes(err.status);

function Conversation({ uuid, onBack, panelRoom }: { uuid: string; onBack?: () => void; panelRoom?: boolean }) {
  const { data, isLoading, isError, error, refetch } = useTicket(uuid);
  if (isError) return missing(error) ? <TicketNotFound /> : <LoadError error={error} onRetry={() => void refetch()} />;
  if (isLoading || !data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
        <CircularProgress />
      </Box>
    );
  }
  return <TicketView key={data.id} ticket={data} onBack={onBack} panelRoom={panelRoom} />;
}

function Welcome() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        height: '100%',
        gap: 2,
        color: 'text.secondary',
      }}
    >
      <ChatIcon sx={{ fontSize: 64, opacity: 0.4 }} />
      <Typography>{t('tickets.welcome')}</Typography>
      <Typography variant="caption" color="text.disabled">
        {t('shortcuts.hint')}
      </Typography>
    </Box>
  );
}

function NarrowTickets({ ticketId, onOpen }: { ticketId?: string; onOpen: (t: Ticket) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [view, setView] = useState<'ticket' | 'list'>(ticketId ? 'ticket' : 'list');
  useEffect(() => setView(ticketId ? 'ticket' : 'list'), [ticketId]);
  return (
    <Box sx={{ height: 'calc(100vh - 64px)', display: 'flex', flexDirection: 'column' }}>
      <Tabs value={view} onChange={(_, v) => setView(v)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="ticket" label={t('inbox.narrow.ticket')} disabled={!ticketId} />
        <Tab value="list" label={t('inbox.narrow.list')} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: view === 'ticket' && ticketId ? 'flex' : 'none', flexDirection: 'column' }}>
        {ticketId ? <Conversation uuid={ticketId} onBack={() => navigate('/tickets')} /> : null}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, display: view === 'list' ? 'flex' : 'none', flexDirection: 'column' }}>
        <TicketsManager selectedUuid={ticketId} onOpen={onOpen} />
      </Box>
    </Box>
  );
}

/** /tickets and /tickets/:ticketId — the attendant's screen (seed 000 §2). */
export default function TicketsPage() {
  const { ticketId } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const narrow = useMediaQuery(`(max-width:${NARROW_SCREEN_PX}px)`);
  const [width, setWidth] = useState(() => clampWidth(user.defaultTicketsManagerWidth || 550));
  const saveWidth = useSaveTicketsManagerWidth(user.id);
  const dragging = useRef<{ startX: number; startW: number } | null>(null);
  useTicketEvents();
  const [helpOpen, setHelpOpen] = useState(false);
  const panelRoom = useContactPanelRoom();
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useInboxShortcuts(openHelp);

  const open = useCallback((t: Ticket) => navigate(`/tickets/${t.uuid}`), [navigate]);

  const onPointerDown = (e: ReactPointerEvent) => {
    dragging.current = { startX: e.clientX, startW: width };
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (dragging.current) setWidth(clampWidth(dragging.current.startW + e.clientX - dragging.current.startX));
  };
  const onPointerUp = () => {
    if (!dragging.current) return;
    dragging.current = null;
    // the chosen width is kept per user (seed 000 §2)
    saveWidth.mutate(width);
  };
  useEffect(() => {
    setWidth(clampWidth(user.defaultTicketsManagerWidth || 550));
  }, [user.defaultTicketsManagerWidth]);

  if (narrow) {
    // Narrow screens (seed 000 §2): two tabs, the ticket and the list of attendances; opening a ticket shows it.
    return <NarrowTickets ticketId={ticketId} onOpen={open} />;
  }

  return (
    <Box ref={panelRoom.ref} sx={{ display: 'flex', height: 'calc(100vh - 64px)', overflow: 'hidden' }}>
      <Box sx={{ width, flexShrink: 1, minWidth: TICKET_LIST_MIN_PX, display: 'flex', borderRight: 1, borderColor: 'divider' }}>
        <TicketsManager selectedUuid={ticketId} onOpen={open} />
      </Box>
      <Box
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={width}
        aria-valuemin={TICKET_LIST_MIN_PX}
        aria-valuemax={TICKET_LIST_MAX_PX}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        sx={{ width: 6, cursor: 'col-resize', flexShrink: 0, '&:hover': { bgcolor: 'action.hover' } }}
      />
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          // a docked contact panel keeps a readable conversation beside it: the list gives way (useContactPanelRoom)
          '&:has(> [data-panel-docked="true"])': { minWidth: CONTACT_PANEL_PX + CONVERSATION_MIN_PX },
        }}
      >
        {ticketId ? <Conversation uuid={ticketId} panelRoom={panelRoom.room} /> : <Welcome />}
      </Box>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Box>
  );
}
