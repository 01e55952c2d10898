import { QUICK_MESSAGE_LABEL_MAX } from '@atendo/shared';
import CloseIcon from '@mui/icons-material/Close';
import LockIcon from '@mui/icons-material/Lock';
import SendIcon from '@mui/icons-material/Send';
import { Box, IconButton, List, ListItemButton, ListItemText, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useEditMessage, useSendMessage } from '../hooks/useMessages';
import { useQuickMessages } from '../hooks/useQuickMessages';
import type { Message } from '../types';
import { truncate } from '../utils/messageRules';

export interface MessageInputProps {
  ticketId: number;
  /** Seed 000 §4: the composer works only for open and group tickets. */
  enabled: boolean;
  editing: Message | null;
  onEditDone: () => void;
  /** The message being answered (quoted). */
  replyTo?: Message | null;
  onReplyDone?: () => void;
}

/** Enter sends, Shift+Enter breaks the line; up to 5 rows; private-note mode cleared on send; '/' opens quick messages. */
export function MessageInput({ ticketId, enabled, editing, onEditDone, replyTo = null, onReplyDone }: MessageInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const send = useSendMessage(ticketId);
  const edit = useEditMessage();
  const picking = enabled && !editing && text.startsWith('/');
  const quick = useQuickMessages(picking, picking ? text.slice(1).trim() : '');

  useEffect(() => {
    if (editing) setText(editing.body);
  }, [editing]);

  const submit = () => {
    const body = text.trim();
    if (!body || !enabled) return;
    if (editing) {
      edit.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            setText('');
            onEditDone();
          },
          onError: toastError,
        },
      );
      return;
    }
    setText('');
    const wasPrivate = isPrivate;
    setPrivate(false);
    const quoted = replyTo;
    onReplyDone?.();
    send.mutate(
      { body, isPrivate: wasPrivate, quotedMsg: quoted ? { id: quoted.id } : null, quoted },
      {
        onError: (err) => {
          setText(body);
          setPrivate(wasPrivate);
          toastError(err);
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const options = (quick.data ?? []).filter((q) => q.shortcode && q.message);

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: 'divider', p: 1, position: 'relative' }}>
      {picking && options.length > 0 ? (
        <Paper
          elevation={4}
          sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 240, overflowY: 'auto', zIndex: 2 }}
        >
          <List dense data-testid="quick-messages">
            {options.map((q) => (
              <ListItemButton
                key={q.id}
                onClick={() => {
                  setText(q.message);
                }}
              >
                <ListItemText primary={`/${q.shortcode}`} secondary={truncate(q.message, QUICK_MESSAGE_LABEL_MAX)} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      {replyTo && !editing ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, borderLeft: 3, borderColor: 'primary.main', pl: 1 }}>
          <Typography variant="caption" noWrap sx={{ flex: 1 }} data-testid="replying-to">
            {t('tickets.composer.replyingTo')}: {replyTo.body || replyTo.mediaType}
          </Typography>
          <IconButton size="small" aria-label={t('common.cancel')} onClick={() => onReplyDone?.()}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
      {editing ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Typography variant="caption" color="primary" sx={{ flex: 1 }}>
            {t('tickets.composer.editing')}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('common.cancel')}
            onClick={() => {
              setText('');
              onEditDone();
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <Tooltip title={t('tickets.composer.privateToggle')}>
          <span>
            <IconButton
              aria-label={t('tickets.composer.privateToggle')}
              aria-pressed={isPrivate}
              disabled={!enabled || Boolean(editing)}
              color={isPrivate ? 'warning' : 'default'}
              onClick={() => setPrivate((v) => !v)}
            >
              <LockIcon />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          value={text}
          disabled={!enabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={
            !enabled
              ? t('tickets.composer.disabled')
              : isPrivate
                ? t('tickets.composer.privatePlaceholder')
                : t('tickets.composer.placeholder')
          }
          slotProps={{ htmlInput: { 'aria-label': t('tickets.composer.label') } }}
          sx={isPrivate ? { '& .MuiOutlinedInput-root': { bgcolor: 'warning.light', color: 'warning.contrastText' } } : undefined}
        />
        <IconButton color="primary" aria-label={t('tickets.composer.send')} disabled={!enabled || !text.trim()} onClick={submit}>
          <SendIcon />
        </IconButton>
      </Box>
    </Paper>
  );
}
