import { canUnsend } from '@atendo/shared';
import AddReactionIcon from '@mui/icons-material/AddReactionOutlined';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import { Box, Checkbox, Chip, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { formatTime } from '../../../shared/clock';
import type { Message } from '../../../shared/data/tickets/types';
import { useUserList } from '../../../shared/data/users/useUsers';
import { useClock } from '../../../shared/hooks/useClock';
import { useCurrentUser } from '../../../shared/session/context';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { useDeleteMessage, useReactToMessage, useRetryMessage } from '../hooks/useMessages';
import { QUICK_REACTIONS } from '../utils/emojis';
import { canDeleteMessage, canEditMessage } from '../utils/messageRules';
import { AckIcon } from './AckIcon';
import { AudioTranscription } from './AudioTranscription';
import { EmojiPicker } from './EmojiPicker';
import { FailedSendNotice } from './FailedSendNotice';
import { MessageContent } from './renderers/MessageContent';

/** What the channel can take again: never a private note, nor a deleted message. */
const forwardable = (m: Message) => !m.isPrivate && !m.isDeleted;

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

/** Memoised: scrolling re-renders the list on every frame, a bubble only when its message or reactions change. */
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
          border: message.isPrivate
            ? `1px dashed ${theme.palette.warning.main}`
            : failed
              ? `1px solid ${theme.palette.error.main}`
              : undefined,
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
        </Box>
        {failed && message.sendError ? (
          <FailedSendNotice sendError={message.sendError} busy={retry.isPending} onRetry={sendAgain} />
        ) : null}
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
