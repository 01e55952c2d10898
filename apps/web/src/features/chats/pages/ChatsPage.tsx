import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { useCurrentUser } from '../../../shared/session/context';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { ChatDialog } from '../components/ChatDialog';
import { ChatMessagesPane } from '../components/ChatMessagesPane';
import { type Chat, useChat, useChatEvents, useChatList, useDeleteChat, useMarkChatRead } from '../hooks/useChats';
import { unreadsFor } from '../hooks/useChatsBell';

/**
 * /chats and /chats/:uuid (seed 002 §2.10): my chats beside the selected chat's messages (two tabs on narrow
 * screens). Only the owner edits or deletes a chat; opening a chat with unread messages marks it read.
 */
export default function ChatsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { id: uuid } = useParams();
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  useChatEvents();
  const list = useChatList();
  const selected = useChat(uuid);
  const markRead = useMarkChatRead();
  const remove = useDeleteChat();
  const [editing, setEditing] = useState<{ chat: Chat | null } | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);

  const chats = list.data?.pages.flatMap((p) => p.records) ?? [];
  const current = selected.data ?? null;
  const myUnreads = current ? unreadsFor(current, me.id) : 0;

  useEffect(() => {
    if (current && myUnreads > 0 && !markRead.isPending) markRead.mutate({ chatId: current.id, userId: me.id });
  }, [current, myUnreads, me.id, markRead]);

  const open = (c: Chat) => {
    navigate(`/chats/${c.uuid}`);
    setTab('messages');
  };

  const chatList = (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1, gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" sx={{ flex: 1, pl: 1 }}>
          {t('chats.list')}
        </Typography>
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ chat: null })}>
          {t('chats.new')}
        </Button>
      </Box>
      {list.isLoading ? (
        <CircularProgress sx={{ m: 3, alignSelf: 'center' }} aria-label={t('common.loading')} />
      ) : chats.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {t('chats.empty')}
        </Typography>
      ) : (
        <List
          sx={{ overflowY: 'auto', flex: 1 }}
          data-testid="chat-list"
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollHeight - el.scrollTop - el.clientHeight < 100 && list.hasNextPage && !list.isFetchingNextPage)
              void list.fetchNextPage();
          }}
        >
          {chats.map((c) => {
            const unread = unreadsFor(c, me.id);
            const owner = c.ownerId === me.id;
            return (
              <ListItem
                key={c.id}
                disablePadding
                data-testid="chat-item"
                secondaryAction={
                  owner ? (
                    <>
                      <IconButton
                        size="small"
                        aria-label={t('chats.editOf', { title: c.title })}
                        onClick={() => setEditing({ chat: c })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={t('chats.deleteOf', { title: c.title })}
                        onClick={() => setDeleting(c)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </>
                  ) : null
                }
              >
                <ListItemButton selected={c.uuid === uuid} onClick={() => open(c)} sx={{ pr: owner ? 11 : 2 }}>
                  <ListItemText
                    primary={c.title}
                    secondary={c.lastMessage || t('chats.noMessages')}
                    slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } }, secondary: { noWrap: true } }}
                  />
                  {unread > 0 ? <Badge badgeContent={unread} color="primary" sx={{ mx: 1.5 }} data-testid="chat-unread" /> : null}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );

  const pane = (
    <Paper variant="outlined" sx={{ height: '100%', minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {current ? (
        <>
          <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle1" component="h2">
              {current.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {current.users.map((u) => u.user.name).join(', ')}
            </Typography>
          </Box>
          <Box sx={{ flex: 1, minHeight: 0 }}>
            <ChatMessagesPane key={current.id} chat={current} />
          </Box>
        </>
      ) : selected.isLoading ? (
        <CircularProgress sx={{ m: 4, alignSelf: 'center' }} aria-label={t('common.loading')} />
      ) : (
        <Typography color="text.secondary" sx={{ m: 4, textAlign: 'center' }}>
          {uuid && selected.isError ? t('errors.ERR_NO_CHAT_FOUND') : t('chats.choose')}
        </Typography>
      )}
    </Paper>
  );

  return (
    <Box
      sx={{ p: { xs: 1, sm: 2 }, height: 'calc(100vh - 64px)', minHeight: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="h5" component="h1">
        {t('chats.title')}
      </Typography>
      {narrow ? (
        <>
          <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="fullWidth">
            <Tab value="chats" label={t('chats.tabs.chats')} />
            <Tab value="messages" label={t('chats.tabs.messages')} />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0 }}>{tab === 'chats' ? chatList : pane}</Box>
        </>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: '320px 1fr', gap: 1.5, flex: 1, minHeight: 0 }}>
          {chatList}
          {pane}
        </Box>
      )}
      <ChatDialog open={Boolean(editing)} chat={editing?.chat ?? null} onClose={() => setEditing(null)} onSaved={open} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('chats.deleteTitle', { title: deleting?.title ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            if (deleting.uuid === uuid) navigate('/chats');
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('chats.deleteMessage')}
      </ConfirmationDialog>
    </Box>
  );
}
