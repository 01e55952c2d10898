import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import {
  Avatar,
  Badge,
  Box,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mediaUrl } from '../../../shared/media';
import type { UnreadTicket } from '../hooks/useUnreadTickets';

export function NotificationsBell({ tickets }: { tickets: UnreadTicket[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const label = t('notifications.label', { count: tickets.length });
  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={tickets.length} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxHeight: 420 }, role: 'dialog', 'aria-label': t('notifications.title') } }}
      >
        <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
          {t('notifications.title')}
        </Typography>
        {tickets.length === 0 ? (
          <Box sx={{ p: 2, color: 'text.secondary' }}>{t('notifications.empty')}</Box>
        ) : (
          <List dense>
            {tickets.map((ticket) => (
              <ListItemButton
                key={ticket.id}
                onClick={() => {
                  setAnchor(null);
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
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
