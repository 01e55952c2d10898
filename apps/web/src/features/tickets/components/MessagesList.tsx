import { canUnsend, DEBOUNCE_MS, MESSAGE_PAGE_TOP_PX } from '@atendo/shared';
import AddReactionIcon from '@mui/icons-material/AddReactionOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReplayIcon from '@mui/icons-material/Replay';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import { Box, Button, Checkbox, Chip, CircularProgress, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/session/context';
import { toastError } from '../../../shared/api/errors';
import { dayKey, formatDay, formatTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { useUserList } from '../../users/hooks/useUsers';
import { useDeleteMessage, useMarkConversationRead, useMessages, useReactToMessage, useRetryMessage } from '../hooks/useMessages';
import type { Message } from '../types';
import { groupReactions, QUICK_REACTIONS } from '../utils/emojis';
import { canDeleteMessage, canEditMessage } from '../utils/messageRules';
import { AckIcon } from './AckIcon';
import { AudioTranscription } from './AudioTranscription';
import { EmojiPicker } from './EmojiPicker';
import { ForwardDialog } from './ForwardDialog';
import { MessageContent } from './renderers/MessageContent';

/** A text bubble's usual height; every row is measured once it renders. */
const ESTIMATED_ROW_PX = 64;
const ROW_SX = { position: 'absolute', top: 0, left: 0, right: 0 } as const;
/** Within this distance of the bottom a new message scrolls into view. */
const FOLLOW_BOTTOM_PX = 200;

function DaySeparator({ iso }: { iso: string }) {
  const clock = useClock();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
      <Chip size="small" label={formatDay(clock, iso)} />
    </Box>
  );
}

/** What the channel can take again: never a private note, nor a deleted message. */
const forwardable = (m: Message) => !m.isPrivate && !m.isDeleted;

/** Memoised: scrolling re-renders the list on every frame, a bubble only when its message or reactions change. */
/** A private note says who wrote it (the team reads notes from several attendants on one ticket). */
function PrivateNoteLabel({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const users = useUserList(userId !== null && userId !== me.id);
  const name = userId === me.id ? me.name : users.data?.find((u) => u.id === userId)?.name;
  return (
    <Typography
      variant="caption"
      data-testid="private-note-label"
      // A dark amber on the note's light amber (≥ 4.5:1), the light amber on the dark theme's note.
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        color: theme.palette.mode === 'dark' ? theme.palette.warning.light : '#7a3500',
      })}
    >
      <LockIcon sx={{ fontSize: 12 }} /> {name ? t('tickets.message.privateNoteBy', { name }) : t('tickets.message.privateNote')}
    </Typography>
  );
}

export const MessageBubble = memo(function MessageBubble({
  message,
  onEdit,
  onReply,
  onForward,
  selecting = false,
  selected = false,
  onSelect,
  channel,
  reactions = [],
}: {
  message: Message;
  channel: string;
  reactions?: { emoji: string; count: number }[];
  onEdit: (m: Message) => void;
  onReply: (m: Message) => void;
  /** "Encaminhar": starts choosing the messages to forward, this one first. */
  onForward: (m: Message) => void;
  /** Choosing messages to forward: a checkbox beside each one that can be forwarded. */
  selecting?: boolean;
  selected?: boolean;
  onSelect?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const remove = useDeleteMessage();
  const react = useReactToMessage();
  const retry = useRetryMessage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pickerAnchor, setPickerAnchor] = useState<HTMLElement | null>(null);
  // reactions go to the channel on a message it knows (not notes, not deleted ones)
  const reactable = !message.isPrivate && !message.isDeleted && Boolean(message.externalId);
  const sendReaction = (emoji: string) => react.mutate({ id: message.id, emoji }, { onError: toastError });
  const mine = message.fromMe;
  const clock = useClock();
  // only notes, and messages on channels that can edit what was sent (WhatsApp by QR), are edited
  const editable = canEditMessage(message, user.id) && (message.isPrivate || channel === 'whatsapp');
  const deletable = canDeleteMessage(message);
  const failed = mine && !message.isPrivate && !message.isDeleted && Boolean(message.sendError);
  // What reached the customer stays with them where the channel cannot unsend: asked first (issue 31 item 10)
  const deleteOnlyHides = !message.isPrivate && !message.sendError && !canUnsend(channel);
  const deleteNow = () => remove.mutate(message.id, { onError: toastError });
  const sendAgain = () =>
    retry.mutate(message.id, { onSuccess: () => toast.success(t('tickets.message.retried')), onError: toastError });
  return (
    <Box
      data-testid="message"
      data-message-id={message.id}
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', alignItems: 'center', px: 2, py: 0.5 }}
    >
      {selecting && forwardable(message) ? (
        <Checkbox
          size="small"
          checked={selected}
          onChange={() => onSelect?.(message.id)}
          slotProps={{ input: { 'aria-label': t('tickets.forward.select') } }}
          sx={{ order: mine ? 0 : 2 }}
        />
      ) : null}
      <Box
        sx={(theme) => ({
          maxWidth: '70%',
          minWidth: 80,
          p: 1,
          borderRadius: 2,
          position: 'relative',
          bgcolor: message.isPrivate
            ? alpha(theme.palette.warning.main, 0.25)
            : mine
              ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.35 : 0.12)
              : theme.palette.background.paper,
          border: message.isPrivate ? `1px dashed ${theme.palette.warning.main}` : undefined,
          boxShadow: 1,
          '&:hover .message-menu': { opacity: 1 },
        })}
      >
        {message.isPrivate ? <PrivateNoteLabel userId={message.userId} /> : null}
        {mine && !message.isPrivate && message.userId === null && message.dataJson?.automatic ? (
          <Typography
            variant="caption"
            data-testid="message-bot"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
          >
            <SmartToyIcon sx={{ fontSize: 12 }} /> {t('tickets.message.bot')}
          </Typography>
        ) : null}
        {!mine && message.contact?.name ? (
          <Typography variant="caption" color="primary" component="div" sx={{ fontWeight: 600 }}>
            {message.contact.name}
          </Typography>
        ) : null}
        {message.quotedMsg ? (
          <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1, mb: 0.5, opacity: 0.8 }}>
            <Typography variant="caption" noWrap component="div">
              {message.quotedMsg.body || message.quotedMsg.mediaType}
            </Typography>
          </Box>
        ) : null}
        {message.isDeleted ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {mine ? t('tickets.message.deletedOwn') : t('tickets.message.deletedByContact')}
          </Typography>
        ) : (
          <>
            <MessageContent message={message} />
            {message.mediaType === 'audio' && message.mediaUrl ? <AudioTranscription message={message} /> : null}
          </>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
          {message.isEdited ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
              <EditIcon sx={{ fontSize: 12 }} /> {t('tickets.message.edited')}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {formatTime(clock, message.createdAt)}
          </Typography>
          {mine && !message.isPrivate ? (
            <AckIcon ack={message.ack} mediaType={message.mediaType} sendError={message.sendError} />
          ) : null}
          {failed ? (
            <IconButton
              size="small"
              color="error"
              aria-label={t('tickets.message.retry')}
              title={t('tickets.message.retry')}
              disabled={retry.isPending}
              onClick={sendAgain}
              sx={{ p: 0.25 }}
            >
              <ReplayIcon sx={{ fontSize: 16 }} />
            </IconButton>
          ) : null}
        </Box>
        {!message.isDeleted ? (
          <IconButton
            className="message-menu"
            size="small"
            aria-label={t('tickets.message.options')}
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ position: 'absolute', top: 0, right: 0, opacity: 0, p: 0.25 }}
          >
            <MoreVertIcon sx={{ fontSize: 16 }} />
          </IconButton>
        ) : null}
        {reactions.length ? (
          <Box data-testid="reactions" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            {reactions.map((r) => (
              <Chip key={r.emoji} size="small" label={r.count > 1 ? `${r.emoji} ${r.count}` : r.emoji} />
            ))}
          </Box>
        ) : null}
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {reactable ? (
            <Box
              role="group"
              aria-label={t('tickets.message.react')}
              sx={{ display: 'flex', px: 1, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              {QUICK_REACTIONS.map((emoji) => (
                <IconButton
                  key={emoji}
                  size="small"
                  aria-label={`${t('tickets.message.react')} ${emoji}`}
                  sx={{ fontSize: 18 }}
                  onClick={() => {
                    setAnchor(null);
                    sendReaction(emoji);
                  }}
                >
                  {emoji}
                </IconButton>
              ))}
              <IconButton
                size="small"
                aria-label={t('tickets.message.moreReactions')}
                onClick={(e) => {
                  setPickerAnchor(e.currentTarget);
                  setAnchor(null);
                }}
              >
                <AddReactionIcon fontSize="small" />
              </IconButton>
            </Box>
          ) : null}
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onReply(message);
            }}
          >
            {t('tickets.message.reply')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigator.clipboard?.writeText(message.body).catch(() => {});
            }}
          >
            {t('tickets.message.copy')}
          </MenuItem>
          {forwardable(message) ? (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                onForward(message);
              }}
            >
              {t('tickets.message.forward')}
            </MenuItem>
          ) : null}
          {editable ? (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                onEdit(message);
              }}
            >
              {t('tickets.message.edit')}
            </MenuItem>
          ) : null}
          {failed ? (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                sendAgain();
              }}
            >
              {t('tickets.message.retry')}
            </MenuItem>
          ) : null}
          {deletable ? (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                if (deleteOnlyHides) setConfirmDelete(true);
                else deleteNow();
              }}
            >
              {t('tickets.message.delete')}
            </MenuItem>
          ) : null}
        </Menu>
        <ConfirmationDialog
          open={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          onConfirm={deleteNow}
          title={t('tickets.message.deleteHiddenTitle')}
          confirmLabel={t('tickets.message.deleteHiddenConfirm')}
        >
          {t('tickets.message.deleteHiddenMessage', { channel: t(`connections.channels.${channel}`) })}
        </ConfirmationDialog>
        <EmojiPicker anchor={pickerAnchor} onClose={() => setPickerAnchor(null)} onPick={sendReaction} />
      </Box>
    </Box>
  );
});

/**
 * The conversation, oldest at the top, windowed: only the messages on screen (plus a few either side) are in the
 * DOM, each measured as it renders, so a conversation scrolled back through hundreds of pages stays smooth.
 * Scrolling within 50 px of the top loads the previous page (debounced 500 ms, seed 000 §9); older pages are
 * prepended with what the user was looking at held in place (anchorTo 'end'); a new message follows the bottom
 * when the user is there, and always when the user sent it.
 */
export function MessagesList({
  ticketId,
  onEdit,
  onReply,
  channel,
}: {
  ticketId: number;
  channel: string;
  onEdit: (m: Message) => void;
  onReply: (m: Message) => void;
}) {
  const { t } = useTranslation();
  const { messages, hasNextPage, isFetchingNextPage, fetchNextPage, isLoading } = useMessages(ticketId);
  const clock = useClock();
  // Forward (seed 000 §5): the messages chosen (null: not choosing), then the dialog with them in conversation order
  const [selection, setSelection] = useState<Set<number> | null>(null);
  const [forwarding, setForwarding] = useState<Message[] | null>(null);
  const startForward = useCallback((m: Message) => setSelection(new Set([m.id])), []);
  const toggle = useCallback(
    (id: number) =>
      setSelection((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const forwardSelected = () => {
    const chosen = messages.filter((m) => selection?.has(m.id));
    if (!chosen.length) {
      toast.error(t('tickets.forward.nothingSelected'));
      return;
    }
    setForwarding(chosen);
  };
  // reactions to a message on screen show as chips under it, not as messages of their own
  const reactions = useMemo(() => groupReactions(messages), [messages]);
  const visible = useMemo(() => messages.filter((m) => !reactions.hidden.has(m.id)), [messages, reactions]);
  const ref = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => ref.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (i) => visible[i].id,
    overscan: 10,
    paddingStart: 8,
    paddingEnd: 8,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: FOLLOW_BOTTOM_PX,
  });

  // Opening a conversation whose pages are already in the cache: start at the newest message.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || visible.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [visible.length, virtualizer]);

  // What the attendant sends is shown even when they had scrolled up to read.
  const last = visible[visible.length - 1];
  const lastSeen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!last) return;
    if (lastSeen.current !== undefined && last.id !== lastSeen.current && last.fromMe) virtualizer.scrollToEnd();
    lastSeen.current = last.id;
  }, [last, virtualizer]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // A customer message that arrives while the conversation is on screen is read: reading page 1 marks it on the server.
  const newest = messages[messages.length - 1];
  const initialLast = useRef<number | undefined>(undefined);
  const markRead = useMarkConversationRead(ticketId);
  useEffect(() => {
    if (!newest) return;
    if (initialLast.current === undefined) {
      initialLast.current = newest.id;
      return;
    }
    if (newest.id === initialLast.current || newest.fromMe || newest.read || document.visibilityState !== 'visible') return;
    const t = setTimeout(markRead, 800);
    return () => clearTimeout(t);
  }, [newest, markRead]);

  const onScroll = () => {
    const el = ref.current;
    if (!el || el.scrollTop > MESSAGE_PAGE_TOP_PX || !hasNextPage || isFetchingNextPage || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void fetchNextPage();
    }, DEBOUNCE_MS);
  };

  return (
    <>
      {selection ? (
        <Box
          role="toolbar"
          aria-label={t('tickets.forward.title')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ flex: 1 }}>
            {t('tickets.forward.selected', { count: selection.size })}
          </Typography>
          <Button size="small" onClick={() => setSelection(null)}>
            {t('common.cancel')}
          </Button>
          <Button size="small" variant="contained" onClick={forwardSelected}>
            {t('tickets.forward.confirm')}
          </Button>
        </Box>
      ) : null}
      {forwarding ? (
        <ForwardDialog
          messages={forwarding}
          onClose={() => setForwarding(null)}
          onDone={() => {
            setForwarding(null);
            setSelection(null);
          }}
        />
      ) : null}
      <Box
        ref={ref}
        onScroll={onScroll}
        data-testid="messages-list"
        data-count={visible.length}
        sx={{ flex: 1, overflowY: 'auto', overflowAnchor: 'none', bgcolor: 'action.hover', position: 'relative' }}
      >
        {isLoading || isFetchingNextPage ? (
          <Box sx={{ position: 'sticky', top: 0, zIndex: 1, display: 'flex', justifyContent: 'center', py: 1, height: 0 }}>
            <CircularProgress size={20} />
          </Box>
        ) : null}
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const m = visible[row.index];
            const newDay = row.index === 0 || dayKey(clock, m.createdAt) !== dayKey(clock, visible[row.index - 1].createdAt);
            return (
              <Box
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                // the offset goes in `style`: an sx value would make a CSS class for every position scrolled through
                sx={ROW_SX}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                {newDay ? <DaySeparator iso={m.createdAt} /> : null}
                <MessageBubble
                  message={m}
                  onEdit={onEdit}
                  onReply={onReply}
                  onForward={startForward}
                  selecting={selection !== null}
                  selected={selection?.has(m.id) ?? false}
                  onSelect={toggle}
                  channel={channel}
                  reactions={reactions.byTarget.get(m.id)}
                />
              </Box>
            );
          })}
        </Box>
      </Box>
    </>
  );
}
