import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Avatar, Badge, ListItemAvatar, ListItemButton, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mediaUrl } from '../../../shared/media';
import { BellPopover } from '../../../shared/ui/BellPopover';
import type { UnreadTicket } from '../hooks/useUnreadTickets';

export function NotificationsBell({ tickets }: { tickets: UnreadTicket[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <BellPopover
      title={t('notifications.title')}
      label={t('notifications.label', { count: tickets.length })}
      icon={<NotificationsOutlined />}
      count={tickets.length}
      max={99}
      emptyText={t('notifications.empty')}
      isEmpty={tickets.length === 0}
    >
      {(close) =>
        tickets.map((ticket) => (
          <ListItemButton
            key={ticket.id}
            onClick={() => {
              close();
              navigate(`/tickets/${ticket.uuid}`);
            }}
          >
            <ListItemAvatar>
              <Avatar src={mediaUrl(ticket.contact?.urlPicture)} alt="">
                {ticket.contact?.name?.[0]?.toUpperCase()}
              </Avatar>
            </ListItemAvatar>
            <ListItemText
              primary={ticket.contact?.name ?? `#${ticket.id}`}
              secondary={ticket.lastMessage ?? ''}
              slotProps={{ secondary: { noWrap: true } }}
            />
            <Badge badgeContent={ticket.unreadMessages} color="primary" sx={{ mr: 1 }} />
          </ListItemButton>
        ))
      }
    </BellPopover>
  );
}
