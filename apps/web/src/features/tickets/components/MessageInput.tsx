import type { TemplateVars } from '@atendo/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import DrawIcon from '@mui/icons-material/Draw';
import EmojiIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import MicIcon from '@mui/icons-material/Mic';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import SendIcon from '@mui/icons-material/Send';
import WidgetsIcon from '@mui/icons-material/WidgetsOutlined';
import { Box, IconButton, Paper, TextField, Tooltip } from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useCompanySettingValue } from '../../../shared/data/settings/useSettings';
import type { Message } from '../../../shared/data/tickets/types';
import { STORAGE_KEYS, setItem, useStorageItem } from '../../../shared/storage';
import { useComposerFiles } from '../hooks/useComposerFiles';
import { useEditMessage, useSendFiles, useSendMessage } from '../hooks/useMessages';
import { useQuickReplies } from '../hooks/useQuickReplyPicker';
import { useVoiceNote } from '../hooks/useVoiceNote';
import { CopilotMenu } from './CopilotMenu';
import { ComposerBanner } from './composer/ComposerBanner';
import { type ComposerMode, ComposerModeTabs, composerSx, noteFieldSx } from './composer/ComposerModeTabs';
import { PendingFiles } from './composer/PendingFiles';
import { QuickRepliesPopup } from './composer/QuickRepliesPopup';
import { RecordingBar } from './composer/RecordingBar';
import { EmojiPicker } from './EmojiPicker';
import { InteractiveDialog } from './InteractiveDialog';
import { type OpenTicketInfo, otherOpenTicket, TicketAlreadyOpenDialog } from './inbox/TicketAlreadyOpenDialog';
import { SendContactDialog } from './SendContactDialog';

export interface MessageInputProps {
  ticketId: number;
  /** Seed 000 §4: the composer works only for open and group tickets. */
  enabled: boolean;
  editing: Message | null;
  onEditDone: () => void;
  /** The message being answered (quoted). */
  replyTo?: Message | null;
  onReplyDone?: () => void;
  /** The ticket's values of the placeholders: a picked quick message shows as the customer will read it. */
  placeholders?: TemplateVars;
  /** Who took the ticket when this attendant's accept lost the race (the composer is read-only and says who). */
  heldBy?: OpenTicketInfo | null;
  /** The ticket is closed: the composer says how to reopen it rather than "accept". */
  closed?: boolean;
}

/** Below this composer width the text field takes a row of its own (five tool buttons + mic + send need ~330 px). */
const COMPOSER_ONE_ROW_PX = 720;

/**
 * The composer: Reply or Private note as explicit tabs (the mode stays until changed, and starts as Reply on each
 * ticket); Enter sends, Shift+Enter breaks the line; up to 5 rows; '/' opens quick messages.
 */
export function MessageInput({
  ticketId,
  enabled: canWrite,
  editing,
  onEditDone,
  replyTo = null,
  onReplyDone,
  placeholders,
  heldBy = null,
  closed = false,
}: MessageInputProps) {
  const { t } = useTranslation();
  // A colleague took the ticket since it was opened here (ERR_OTHER_OPEN_TICKET on send): say who, and stop writing.
  const [takenBy, setTakenBy] = useState<OpenTicketInfo | null>(null);
  const [takenDialog, setTakenDialog] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another ticket starts writable again
  useEffect(() => {
    setTakenBy(null);
    setTakenDialog(false);
    setMode('reply');
  }, [ticketId]);
  const holder = takenBy ?? heldBy;
  const enabled = canWrite && !holder;
  const sendFailed = (err: unknown) => {
    const holder = otherOpenTicket(err);
    if (holder) {
      setTakenBy(holder);
      setTakenDialog(true);
    } else toastError(err);
  };
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ComposerMode>('reply');
  const isPrivate = mode === 'note';
  const send = useSendMessage(ticketId);
  const sendFiles = useSendFiles(ticketId);
  const edit = useEditMessage();
  const files = useComposerFiles();
  const pending = files.pending;
  // Seed 001 §3 sendSignMessage: the attendant may sign (default on, remembered in this browser).
  const signAllowed = useCompanySettingValue('sendSignMessage') === 'enabled';
  const signOn = useStorageItem(STORAGE_KEYS.signOption) !== 'false';
  const signing = signAllowed && signOn;
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const voice = useVoiceNote(ticketId);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const [interactiveOpen, setInteractiveOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);

  /** Puts the emoji where the cursor is (or at the end) and keeps typing there. */
  const insertEmoji = (emoji: string) => {
    const el = textInput.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submitFiles = () => {
    if (!enabled || !pending.length) return;
    const taken = files.take();
    sendFiles.mutate(
      { files: taken, isPrivate, signMessage: signing && !isPrivate },
      {
        onError: (err) => {
          files.restore(taken);
          sendFailed(err);
        },
      },
    );
  };
  const picker = useQuickReplies({
    text,
    active: enabled && !editing,
    placeholders,
    setText,
    attach: files.attach,
  });

  useEffect(() => {
    if (editing) setText(editing.body);
  }, [editing]);

  const submit = () => {
    if (pending.length && !editing) return submitFiles();
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
    const quoted = replyTo;
    onReplyDone?.();
    send.mutate(
      { body, isPrivate, signMessage: signing && !isPrivate, quotedMsg: quoted ? { id: quoted.id } : null, quoted },
      {
        onError: (err) => {
          setText(body);
          sendFailed(err);
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (picker.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    // a container: the composer's own width (not the screen's) decides whether the text shares its row with the buttons
    <Paper
      square
      elevation={0}
      data-mode={mode}
      sx={(theme) => ({ ...composerSx(theme, mode), p: 1, pt: 0.5, position: 'relative', containerType: 'inline-size' })}
    >
      <TicketAlreadyOpenDialog info={takenDialog ? takenBy : null} onClose={() => setTakenDialog(false)} />
      <QuickRepliesPopup listId={`quick-messages-${ticketId}`} picker={picker} />
      <ComposerModeTabs mode={mode} onChange={setMode} disabled={!enabled || Boolean(editing)} />
      {replyTo && !editing ? (
        <ComposerBanner quote testId="replying-to" onCancel={() => onReplyDone?.()}>
          {t('tickets.composer.replyingTo')}: {replyTo.body || replyTo.mediaType}
        </ComposerBanner>
      ) : null}
      {editing ? (
        <ComposerBanner
          onCancel={() => {
            setText('');
            onEditDone();
          }}
        >
          {t('tickets.composer.editing')}
        </ComposerBanner>
      ) : null}
      <PendingFiles files={pending} onRemove={files.remove} onCaption={files.setCaption} onKeyDown={onKeyDown} />
      <RecordingBar voice={voice} />
      {/*
        A narrow composer (a phone, or a desktop where the list and the menu take most of the width — 1366 px with the
        list at its default): the text and the send button share the first row (send at its end, as in any messenger),
        the other buttons go below it, so the field never shrinks to a sliver whose placeholder wraps.
      */}
      <Box
        sx={{
          display: voice.recording ? 'none' : 'flex',
          alignItems: 'flex-end',
          gap: 1,
          flexWrap: 'nowrap',
          [`@container (max-width: ${COMPOSER_ONE_ROW_PX}px)`]: { gap: 0.5, flexWrap: 'wrap' },
        }}
      >
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="composer-file-input"
          onChange={(e) => {
            files.addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <Tooltip title={t('tickets.composer.emoji')}>
          <span>
            <IconButton
              aria-label={t('tickets.composer.emoji')}
              disabled={!enabled}
              onClick={(e) => setEmojiAnchor(e.currentTarget)}
            >
              <EmojiIcon />
            </IconButton>
          </span>
        </Tooltip>
        <EmojiPicker anchor={emojiAnchor} onClose={() => setEmojiAnchor(null)} onPick={insertEmoji} />
        <Tooltip title={t('tickets.interactive.open')}>
          <span>
            <IconButton
              aria-label={t('tickets.interactive.open')}
              disabled={!enabled || Boolean(editing) || isPrivate}
              onClick={() => setInteractiveOpen(true)}
            >
              <WidgetsIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('tickets.sendContact.open')}>
          <span>
            <IconButton
              aria-label={t('tickets.sendContact.open')}
              disabled={!enabled || Boolean(editing) || isPrivate}
              onClick={() => setContactOpen(true)}
            >
              <ContactPhoneOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        {contactOpen ? <SendContactDialog ticketId={ticketId} open={contactOpen} onClose={() => setContactOpen(false)} /> : null}
        {interactiveOpen ? (
          <InteractiveDialog ticketId={ticketId} open={interactiveOpen} onClose={() => setInteractiveOpen(false)} />
        ) : null}
        <input
          ref={cameraInput}
          type="file"
          accept="image/*,video/*"
          capture="environment"
          hidden
          data-testid="composer-camera-input"
          onChange={(e) => {
            files.addFiles(e.target.files);
            e.target.value = '';
          }}
        />
        {/* phones and tablets open the camera; desktops have the attach button */}
        <Tooltip title={t('tickets.composer.camera')}>
          <Box component="span" sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
            <IconButton
              aria-label={t('tickets.composer.camera')}
              disabled={!enabled || Boolean(editing)}
              onClick={() => cameraInput.current?.click()}
            >
              <PhotoCameraIcon />
            </IconButton>
          </Box>
        </Tooltip>
        <Tooltip title={t('tickets.composer.attach')}>
          <span>
            <IconButton
              aria-label={t('tickets.composer.attach')}
              disabled={!enabled || Boolean(editing)}
              onClick={() => fileInput.current?.click()}
            >
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        {signAllowed ? (
          <Tooltip title={t('tickets.composer.sign')}>
            <span>
              <IconButton
                aria-label={t('tickets.composer.sign')}
                aria-pressed={signOn}
                disabled={!enabled || Boolean(editing) || isPrivate}
                color={signOn ? 'primary' : 'default'}
                onClick={() => setItem(STORAGE_KEYS.signOption, signOn ? 'false' : 'true')}
              >
                <DrawIcon />
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
        <CopilotMenu ticketId={ticketId} text={text} setText={setText} disabled={!enabled || Boolean(editing)} />
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
            holder
              ? t('tickets.composer.takenBy', { user: holder.userName ?? '—' })
              : !enabled
                ? closed
                  ? t('tickets.composer.closed')
                  : t('tickets.composer.disabled')
                : isPrivate
                  ? t('tickets.composer.privatePlaceholder')
                  : t('tickets.composer.placeholder')
          }
          inputRef={textInput}
          slotProps={{
            htmlInput: {
              'aria-label': t('tickets.composer.label'),
              'data-shortcut': 'composer',
              'aria-autocomplete': 'list',
              'aria-controls': picker.open ? `quick-messages-${ticketId}` : undefined,
              'aria-activedescendant': picker.open ? `quick-message-${picker.options[picker.highlight]?.id}` : undefined,
            },
          }}
          sx={(theme) => ({
            [`@container (max-width: ${COMPOSER_ONE_ROW_PX}px)`]: { order: -2, flexBasis: 'calc(100% - 48px)' },
            ...(isPrivate ? noteFieldSx(theme) : {}),
          })}
        />
        {!text.trim() && !pending.length && !editing ? (
          <IconButton
            sx={{ ml: 'auto' }}
            aria-label={t('tickets.composer.record')}
            disabled={!enabled || isPrivate}
            onClick={voice.start}
          >
            <MicIcon />
          </IconButton>
        ) : null}
        <IconButton
          color="primary"
          sx={{
            ml: !text.trim() && !pending.length && !editing ? 0 : 'auto',
            [`@container (max-width: ${COMPOSER_ONE_ROW_PX}px)`]: { order: -1, ml: 0 },
          }}
          aria-label={pending.length ? t('tickets.composer.sendFiles') : t('tickets.composer.send')}
          disabled={!enabled || (!text.trim() && !pending.length)}
          onClick={submit}
        >
          <SendIcon />
        </IconButton>
      </Box>
    </Paper>
  );
}
