import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { Badge, Box, IconButton, List, ListItemButton, ListItemText, Popover, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { unreadsFor, useChatsBell } from '../hooks/useChatsBell';

export function ChatsBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { records, unread } = useChatsBell(userId, true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  return (
    <>
      <Tooltip title={t('chatsBell.title')}>
        <IconButton
          color="inherit"
          aria-label={t('chatsBell.label', { count: unread })}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread} color="error">
            <ForumOutlined />
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
        slotProps={{ paper: { sx: { width: 340, maxHeight: 420 }, role: 'dialog', 'aria-label': t('chatsBell.title') } }}
      >
        <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
          {t('chatsBell.title')}
        </Typography>
        {records.length === 0 ? (
          <Box sx={{ p: 2, color: 'text.secondary' }}>{t('chatsBell.empty')}</Box>
        ) : (
          <List dense>
            {records.map((chat) => (
              <ListItemButton
                key={chat.id}
                onClick={() => {
                  setAnchor(null);
                  navigate(`/chats/${chat.uuid}`);
                }}
              >
                <ListItemText
                  primary={chat.title ?? `#${chat.id}`}
                  secondary={chat.lastMessage ?? ''}
                  slotProps={{
                    primary: { sx: { fontWeight: unreadsFor(chat, userId) > 0 ? 700 : 400 } },
                    secondary: { noWrap: true },
                  }}
                />
                <Badge badgeContent={unreadsFor(chat, userId)} color="primary" sx={{ mr: 1 }} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
