import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Avatar,
  Badge,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import type { Ticket } from '../../../shared/data/tickets/types';
import { useUpdateTicket } from '../../../shared/data/tickets/useTicket';
import { useClock } from '../../../shared/hooks/useClock';
import { useCurrentUser } from '../../../shared/session/context';
import { useSocket } from '../../../shared/socket/context';
import { useRefetchOnEvent } from '../../../shared/socket/useRefetchOnEvent';
import { ColorChip } from '../../../shared/ui/ColorChip';
import { LoadError } from '../../../shared/ui/LoadError';
import { momentKeys } from '../hooks/keys';
import { useMoments, useRefreshMoments } from '../hooks/useMoments';
import { usePresence } from '../hooks/usePresence';

/** Several ticket events in a burst cause one re-read. */
const REFRESH_MS = 800;

interface Column {
  key: string;
  /** The attendant of the column (none for the waiting one). */
  userId?: number;
  title: string;
  color?: string | null;
  tickets: Ticket[];
}

/** The real-time panel (seed 000 §2 "/moments"): live tickets per user, and the waiting ones. */
export default function MomentsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { socket } = useSocket();
  const moments = useMoments();
  const refresh = useRefreshMoments();

  useEffect(() => {
    if (!socket) return;
    const join = () => {
      socket.emit('joinTickets', 'open');
      socket.emit('joinTickets', 'pending');
    };
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [socket]);
  useRefetchOnEvent('ticket', momentKeys.tickets, REFRESH_MS);
  // a customer's message moves the unread badge; it arrives as appMessage only (the ticket rides on it); acks and
  // edits (action update) move nothing here
  useRefetchOnEvent('appMessage', momentKeys.tickets, REFRESH_MS, (e) => e.action === 'create');

  const columns = useMemo<Column[]>(() => {
    const byUser = new Map<number, Column>();
    const waiting: Column = { key: 'waiting', title: t('moments.waiting'), tickets: [] };
    for (const ticket of moments.data ?? []) {
      if (!ticket.user) {
        waiting.tickets.push(ticket);
        continue;
      }
      const col = byUser.get(ticket.user.id) ?? {
        key: `u${ticket.user.id}`,
        userId: ticket.user.id,
        title: ticket.user.name,
        color: ticket.user.color,
        tickets: [],
      };
      col.tickets.push(ticket);
      byUser.set(ticket.user.id, col);
    }
    const users = [...byUser.values()].sort((a, b) => b.tickets.length - a.tickets.length || a.title.localeCompare(b.title));
    return [waiting, ...users];
  }, [moments.data, t]);

  const presence = usePresence();
  const clock = useClock();
  const mayOpen = (ticket: Ticket) => user.profile === 'admin' || ticket.userId === user.id;
  const update = useUpdateTicket(user.id);
  // Seed 000 §2: the per-user list's 'return to queue' (open → pending, the attendant removed).
  const returnToQueue = (ticket: Ticket) =>
    update.mutate({ id: ticket.id, body: { status: 'pending' } }, { onSuccess: () => void refresh(), onError: toastError });

  return (
    <Box sx={{ p: 2, height: 'calc(100vh - 64px)', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t('moments.title')}
      </Typography>
      {moments.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : moments.isError ? (
        <LoadError error={moments.error} onRetry={() => void moments.refetch()} />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, overflowX: 'auto', flex: 1, minHeight: 0, pb: 1 }} data-testid="moments">
          {columns.map((col) => (
            <Card key={col.key} variant="outlined" sx={{ width: 300, flexShrink: 0, display: 'flex', flexDirection: 'column' }}>
              <CardHeader
                avatar={
                  col.userId === undefined ? (
                    <Avatar sx={{ bgcolor: col.color ?? 'grey.500' }}>{col.title.slice(0, 1).toUpperCase()}</Avatar>
                  ) : (
                    <PresenceAvatar title={col.title} color={col.color} online={presence.get(col.userId) ?? false} />
                  )
                }
                title={col.title}
                subheader={t('moments.count', { count: col.tickets.length })}
                sx={{ pb: 0 }}
              />
              <CardContent sx={{ flex: 1, overflowY: 'auto', pt: 1 }}>
                {col.tickets.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('moments.empty')}
                  </Typography>
                ) : (
                  <List dense disablePadding>
                    {col.tickets.map((ticket) => (
                      <ListItem
                        key={ticket.id}
                        disableGutters
                        data-testid="moment-ticket"
                        secondaryAction={
                          mayOpen(ticket) ? (
                            <Box sx={{ display: 'flex' }}>
                              {ticket.userId && (ticket.status === 'open' || ticket.status === 'group') ? (
                                <Tooltip title={t('tickets.actions.return')}>
                                  <IconButton
                                    size="small"
                                    aria-label={t('tickets.actions.return')}
                                    disabled={update.isPending}
                                    onClick={() => returnToQueue(ticket)}
                                  >
                                    <UndoIcon fontSize="small" />
                                  </IconButton>
                                </Tooltip>
                              ) : null}
                              <Tooltip title={t('moments.open')}>
                                <IconButton
                                  edge="end"
                                  size="small"
                                  aria-label={t('moments.open')}
                                  onClick={() => navigate(`/tickets/${ticket.uuid}`)}
                                >
                                  <OpenInNewIcon fontSize="small" />
                                </IconButton>
                              </Tooltip>
                            </Box>
                          ) : null
                        }
                      >
                        <ListItemText
                          primary={
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                              <Badge color="success" badgeContent={ticket.unreadMessages} max={99}>
                                <Typography variant="body2" noWrap sx={{ maxWidth: 170 }}>
                                  {ticket.contact.name}
                                </Typography>
                              </Badge>
                            </Box>
                          }
                          secondary={
                            <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                              <Chip size="small" label={t(`inbox.status.${ticket.status}`)} />
                              {ticket.queue ? <ColorChip size="small" label={ticket.queue.name} bg={ticket.queue.color} /> : null}
                              {ticket.whatsapp ? <Chip size="small" variant="outlined" label={ticket.whatsapp.name} /> : null}
                              <Typography component="span" variant="caption" color="text.secondary" sx={{ width: '100%' }}>
                                {formatDateTime(clock, ticket.updatedAt)}
                              </Typography>
                            </Box>
                          }
                          slotProps={{ secondary: { component: 'div' } }}
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The attendant's initial with a dot: green online, grey offline (live by the user events). */
function PresenceAvatar({ title, color, online }: { title: string; color?: string | null; online: boolean }) {
  const { t } = useTranslation();
  const label = t(online ? 'moments.online' : 'moments.offline');
  return (
    <Tooltip title={label}>
      <Badge
        overlap="circular"
        variant="dot"
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        data-testid="presence"
        data-online={online}
        aria-label={`${title}: ${label}`}
        sx={{ '& .MuiBadge-badge': { bgcolor: online ? 'success.main' : 'grey.400', boxShadow: 1 } }}
      >
        <Avatar sx={{ bgcolor: color ?? 'grey.500' }}>{title.slice(0, 1).toUpperCase()}</Avatar>
      </Badge>
    </Tooltip>
  );
}
