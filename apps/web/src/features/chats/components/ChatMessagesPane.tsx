import SendIcon from '@mui/icons-material/Send';
import { Box, CircularProgress, IconButton, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { useCurrentUser } from '../../../shared/session/context';
import { type Chat, useChatMessages, useSendChatMessage } from '../hooks/useChats';

/** Seed 002 §9: older messages load within 600 px of the top; the scroll after opening a chat waits 300 ms. */
const OLDER_WITHIN_PX = 600;
const OPEN_SCROLL_DELAY_MS = 300;

/** A chat's messages, oldest at the top, and the composer (Enter sends, Shift+Enter breaks the line). */
export function ChatMessagesPane({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const clock = useClock();
  const messages = useChatMessages(chat.id);
  const send = useSendChatMessage(chat.id);
  const [text, setText] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  const list = useMemo(() => [...(messages.data?.pages ?? [])].reverse().flatMap((p) => p.records), [messages.data]);

  // Opening a chat (the pane is keyed by chat): to the newest message after the seed's delay.
  useEffect(() => {
    stickToBottom.current = true;
    const timer = setTimeout(() => {
      if (box.current) box.current.scrollTop = box.current.scrollHeight;
    }, OPEN_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Older page prepended: keep the reader's place; a new message: follow it when at the bottom.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !list.length) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [list]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < OLDER_WITHIN_PX && messages.hasNextPage && !messages.isFetchingNextPage) {
      heightBeforeOlder.current = el.scrollHeight;
      void messages.fetchNextPage();
    }
  };

  const submit = () => {
    const message = text.trim();
    if (!message) return;
    stickToBottom.current = true;
    send.mutate(message, { onSuccess: () => setText(''), onError: toastError });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        ref={box}
        onScroll={onScroll}
        sx={{ flex: 1, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
        data-testid="chat-messages"
      >
        {messages.isFetchingNextPage ? <CircularProgress size={20} sx={{ alignSelf: 'center' }} /> : null}
        {messages.isLoading ? (
          <CircularProgress sx={{ alignSelf: 'center', mt: 4 }} aria-label={t('common.loading')} />
        ) : list.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t('chats.noMessages')}
          </Typography>
        ) : null}
        {list.map((m) => {
          const mine = m.senderId === me.id;
          return (
            <Paper
              key={m.id}
              data-testid="chat-message"
              elevation={0}
              sx={{
                alignSelf: mine ? 'flex-end' : 'flex-start',
                maxWidth: '75%',
                px: 1.5,
                py: 1,
                bgcolor: mine ? 'primary.main' : 'action.hover',
                color: mine ? 'primary.contrastText' : 'text.primary',
              }}
            >
              {!mine ? (
                <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
                  {m.sender?.name ?? t('chats.removedUser')}
                </Typography>
              ) : null}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {m.message}
              </Typography>
              <Typography variant="caption" sx={{ opacity: 0.75, display: 'block', textAlign: 'right' }}>
                {formatDateTime(clock, m.createdAt)}
              </Typography>
            </Paper>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, p: 1, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}>
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          placeholder={t('chats.placeholder')}
          slotProps={{ htmlInput: { 'aria-label': t('chats.message') } }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <IconButton color="primary" aria-label={t('chats.send')} onClick={submit} disabled={!text.trim() || send.isPending}>
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
