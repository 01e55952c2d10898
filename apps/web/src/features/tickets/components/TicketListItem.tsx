import { isAdmin } from '@atendo/shared';
import FacebookIcon from '@mui/icons-material/Facebook';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import InstagramIcon from '@mui/icons-material/Instagram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Avatar, Badge, Box, Chip, ListItemButton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRecent } from '../../../shared/clock';
import type { Ticket } from '../../../shared/data/tickets/types';
import { useClock } from '../../../shared/hooks/useClock';
import { useMinute } from '../../../shared/hooks/useMinute';
import { mediaUrl } from '../../../shared/media';
import { useCurrentUser } from '../../../shared/session/context';
import { ColorChip } from '../../../shared/ui/ColorChip';
import { oneLine, truncate } from '../utils/messageRules';
import { waitingParts } from '../utils/waiting';
import { formatWhatsapp } from '../utils/whatsappFormat';
import { SlaChip } from './SlaChip';
import { TicketRating } from './TicketRating';

export function ChannelIcon({ channel }: { channel: string }) {
  const sx = { fontSize: 14 };
  if (channel === 'facebook') return <FacebookIcon sx={{ ...sx, color: '#1877F2' }} titleAccess="facebook" />;
  if (channel === 'instagram') return <InstagramIcon sx={{ ...sx, color: '#E1306C' }} titleAccess="instagram" />;
  return <WhatsAppIcon sx={{ ...sx, color: '#25D366' }} titleAccess={channel} />;
}

/** How long a pending ticket has waited for an attendant (since it was opened), moved on every half minute. */
function WaitingTime({ since }: { since: string }) {
  const { t } = useTranslation();
  const now = useMinute();
  const parts = waitingParts(now - new Date(since).getTime());
  const text = t(`tickets.list.waiting.${parts.key}`, parts);
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      noWrap
      title={t('tickets.list.waiting.title', { time: text })}
      data-testid="waiting-time"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.25, flexShrink: 0 }}
    >
      <HourglassEmptyIcon sx={{ fontSize: 12 }} aria-hidden />
      {text}
    </Typography>
  );
}

/** One inbox row as seed 000 §2 lists its parts. */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  selected,
  onOpen,
}: {
  ticket: Ticket;
  selected: boolean;
  onOpen: (t: Ticket) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const clock = useClock();
  const pending = ticket.status === 'pending';
  const slaMissed = Boolean(ticket.sla?.breach) && ticket.status !== 'closed';
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onOpen(ticket)}
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-sla-missed={slaMissed || undefined}
      sx={(theme) => ({
        height: '100%',
        alignItems: 'flex-start',
        gap: 1.5,
        borderLeft: 6,
        borderColor: ticket.queue?.color ?? 'grey.400',
        borderBottom: `1px solid ${theme.palette.divider}`,
        bgcolor: slaMissed ? alpha(theme.palette.error.main, 0.1) : pending ? alpha(theme.palette.warning.main, 0.12) : undefined,
      })}
    >
      <Avatar src={mediaUrl(ticket.contact?.urlPicture)} alt={ticket.contact?.name} sx={{ mt: 0.5 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <ChannelIcon channel={ticket.channel} />
          <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} title={ticket.contact?.name}>
            {truncate(ticket.contact?.name, 60)}
          </Typography>
          <TicketRating rating={ticket.userRating} />
          <Typography variant="caption" color={ticket.unreadMessages > 0 ? 'success.main' : 'text.secondary'}>
            {formatRecent(clock, ticket.updatedAt)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
            {formatWhatsapp(truncate(oneLine(ticket.lastMessage), 40))}
          </Typography>
          {pending ? <WaitingTime since={ticket.createdAt} /> : null}
          {ticket.status !== 'closed' ? <SlaChip sla={ticket.sla} /> : null}
          {ticket.unreadMessages > 0 ? (
            <Badge badgeContent={ticket.unreadMessages} color="success" max={999} sx={{ mr: 1 }} data-testid="unread" />
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'nowrap', gap: 0.5, mt: 0.5, overflow: 'hidden' }}>
          {ticket.whatsapp ? <Chip size="small" variant="outlined" label={ticket.whatsapp.name} /> : null}
          <ColorChip size="small" label={ticket.queue?.name ?? t('tickets.list.noQueue')} bg={ticket.queue?.color} />
          {isAdmin(user) && ticket.user ? <ColorChip size="small" label={ticket.user.name} bg={ticket.user.color} /> : null}
          {(ticket.tags ?? []).map((tag) => (
            <ColorChip key={tag.id} size="small" label={tag.name} bg={tag.color} />
          ))}
        </Box>
      </Box>
    </ListItemButton>
  );
});
