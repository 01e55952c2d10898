import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { Badge, ListItemButton, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellPopover } from '../../../shared/ui/BellPopover';
import { unreadsFor, useChatsBell } from '../hooks/useChatsBell';

export function ChatsBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { records, unread } = useChatsBell(userId, true);
  return (
    <BellPopover
      title={t('chatsBell.title')}
      label={t('chatsBell.label', { count: unread })}
      icon={<ForumOutlined />}
      count={unread}
      emptyText={t('chatsBell.empty')}
      isEmpty={records.length === 0}
    >
      {(close) =>
        records.map((chat) => (
          <ListItemButton
            key={chat.id}
            onClick={() => {
              close();
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
        ))
      }
    </BellPopover>
  );
}
