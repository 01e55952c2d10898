import { formatTemplate, QUICK_MESSAGE_LABEL_MAX, type QuickMessageDto, type TemplateVars } from '@atendo/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DrawIcon from '@mui/icons-material/Draw';
import EmojiIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import LockIcon from '@mui/icons-material/Lock';
import MicIcon from '@mui/icons-material/Mic';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import SendIcon from '@mui/icons-material/Send';
import WidgetsIcon from '@mui/icons-material/WidgetsOutlined';
import { Box, IconButton, List, ListItemButton, ListItemText, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { STORAGE_KEYS, setItem, useStorageItem } from '../../../shared/storage';
import { toast } from '../../../shared/toast';
import { useCompanySettingValue } from '../../settings/hooks/useSettings';
import { useAudioRecorder } from '../hooks/useAudioRecorder';
import { useEditMessage, useSendFiles, useSendMessage } from '../hooks/useMessages';
import { quickMessageFile, useQuickReplyPicker } from '../hooks/useQuickReplyPicker';
import type { Message } from '../types';
import { truncate } from '../utils/messageRules';
import { CopilotMenu } from './CopilotMenu';
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

const MAX_FILES = 10;

interface PendingFile {
  key: string;
  file: File;
  caption: string;
  /** Object URL of an image, for its thumbnail. */
  preview: string | null;
}

let fileSeq = 0;
const toPending = (file: File): PendingFile => ({
  key: `${++fileSeq}`,
  file,
  caption: '',
  preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
});

/** Enter sends, Shift+Enter breaks the line; up to 5 rows; private-note mode cleared on send; '/' opens quick messages. */
/** Below this composer width the text field takes a row of its own (five tool buttons + mic + send need ~330 px). */
const COMPOSER_ONE_ROW_PX = 720;

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
  const [isPrivate, setPrivate] = useState(false);
  const send = useSendMessage(ticketId);
  const sendFiles = useSendFiles(ticketId);
  const edit = useEditMessage();
  const [pending, setPending] = useState<PendingFile[]>([]);
  // Seed 001 §3 sendSignMessage: the attendant may sign (default on, remembered in this browser).
  const signAllowed = useCompanySettingValue('sendSignMessage') === 'enabled';
  const signOn = useStorageItem(STORAGE_KEYS.signOption) !== 'false';
  const signing = signAllowed && signOn;
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const recorder = useAudioRecorder();

  const startRecording = () => {
    recorder.start().catch(() => toast.error(t('tickets.composer.micDenied')));
  };
  const sendRecording = () => {
    const file = recorder.stop();
    if (!file) {
      toast.warning(t('tickets.composer.audioTooShort'));
      return;
    }
    sendFiles.mutate({ files: [{ file, caption: '' }], isPrivate: false, voice: true }, { onError: toastError });
  };
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

  // Object URLs of the previews are released when their files leave the composer (removed, sent, unmounted).
  const shown = useRef<PendingFile[]>([]);
  useEffect(() => {
    for (const f of shown.current) if (f.preview && !pending.some((p) => p.preview === f.preview)) URL.revokeObjectURL(f.preview);
    shown.current = pending;
  }, [pending]);
  useEffect(
    () => () => {
      for (const f of shown.current) if (f.preview) URL.revokeObjectURL(f.preview);
    },
    [],
  );

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    const next = [...pending, ...Array.from(list).map(toPending)];
    if (next.length > MAX_FILES) toast.error(t('tickets.composer.tooManyFiles'));
    setPending(next.slice(0, MAX_FILES));
  };

  const submitFiles = () => {
    if (!enabled || !pending.length) return;
    const files = pending.map((f) => ({ file: f.file, caption: f.caption.trim() }));
    const wasPrivate = isPrivate;
    setPending([]);
    setPrivate(false);
    sendFiles.mutate(
      { files, isPrivate: wasPrivate, signMessage: signing && !wasPrivate },
      {
        onError: (err) => {
          setPending(files.map((f) => ({ ...toPending(f.file), caption: f.caption })));
          setPrivate(wasPrivate);
          sendFailed(err);
        },
      },
    );
  };
  /** A picked quick message: its text (as the customer will read it) in the input, or with its file as the caption. */
  const pickQuick = (q: QuickMessageDto) => {
    // the same filler as the server's (which fills again whatever is left): what you see is what is sent
    const filled = placeholders ? formatTemplate(q.message, placeholders) : q.message;
    if (!q.mediaUrl) {
      setText(filled);
      return;
    }
    setText('');
    quickMessageFile(q)
      .then((file) => {
        if (file) setPending((now) => [...now, { ...toPending(file), caption: filled }].slice(0, MAX_FILES));
      })
      .catch(() => {
        toast.error(t('tickets.composer.quickMediaFailed'));
        setText(filled);
      });
  };
  const picker = useQuickReplyPicker(text, enabled && !editing, pickQuick);

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
    const wasPrivate = isPrivate;
    setPrivate(false);
    const quoted = replyTo;
    onReplyDone?.();
    send.mutate(
      { body, isPrivate: wasPrivate, signMessage: signing && !wasPrivate, quotedMsg: quoted ? { id: quoted.id } : null, quoted },
      {
        onError: (err) => {
          setText(body);
          setPrivate(wasPrivate);
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
      sx={{ borderTop: 1, borderColor: 'divider', p: 1, position: 'relative', containerType: 'inline-size' }}
    >
      <TicketAlreadyOpenDialog info={takenDialog ? takenBy : null} onClose={() => setTakenDialog(false)} />
      {picker.open ? (
        <Paper
          elevation={4}
          sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, maxHeight: 240, overflowY: 'auto', zIndex: 2 }}
        >
          <List dense data-testid="quick-messages" role="listbox" id={`quick-messages-${ticketId}`}>
            {picker.options.map((q, i) => (
              <ListItemButton
                key={q.id}
                id={`quick-message-${q.id}`}
                role="option"
                aria-selected={i === picker.highlight}
                selected={i === picker.highlight}
                ref={(el: HTMLDivElement | null) => {
                  if (el && i === picker.highlight) el.scrollIntoView?.({ block: 'nearest' });
                }}
                onMouseMove={() => i !== picker.highlight && picker.setHighlight(i)}
                onClick={() => picker.pick(q)}
              >
                {q.mediaUrl ? <AttachFileIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} /> : null}
                <ListItemText
                  primary={`/${q.shortcode}`}
                  secondary={truncate(q.message || q.mediaName || '', QUICK_MESSAGE_LABEL_MAX)}
                />
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
      {pending.length > 0 ? (
        <Box data-testid="pending-files" sx={{ display: 'flex', gap: 1, mb: 1, overflowX: 'auto', pb: 0.5 }}>
          {pending.map((f, i) => (
            <Paper key={f.key} variant="outlined" sx={{ p: 1, width: 180, flex: '0 0 auto' }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
                <Typography variant="caption" noWrap sx={{ flex: 1 }} title={f.file.name}>
                  {f.file.name}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`${t('tickets.composer.removeFile')} ${f.file.name}`}
                  onClick={() => setPending(pending.filter((_, j) => j !== i))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
              {f.preview ? (
                <Box
                  component="img"
                  src={f.preview}
                  alt={f.file.name}
                  sx={{ width: '100%', height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                />
              ) : (
                <Box sx={{ height: 96, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
                  <InsertDriveFileIcon fontSize="large" />
                </Box>
              )}
              <TextField
                size="small"
                fullWidth
                placeholder={t('tickets.composer.caption')}
                value={f.caption}
                onChange={(e) => setPending(pending.map((p, j) => (j === i ? { ...p, caption: e.target.value } : p)))}
                onKeyDown={onKeyDown}
                slotProps={{ htmlInput: { 'aria-label': `${t('tickets.composer.caption')} ${f.file.name}` } }}
                sx={{ mt: 0.5 }}
              />
            </Paper>
          ))}
        </Box>
      ) : null}
      {recorder.recording ? (
        <Box data-testid="audio-recording" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 48 }}>
          <IconButton aria-label={t('tickets.composer.cancelRecording')} onClick={recorder.cancel}>
            <DeleteOutlineIcon />
          </IconButton>
          <FiberManualRecordIcon color="error" fontSize="small" />
          <Typography variant="body2" sx={{ flex: 1 }} aria-live="polite">
            {t('tickets.composer.recording')} {Math.floor(recorder.seconds / 60)}:{String(recorder.seconds % 60).padStart(2, '0')}
          </Typography>
          <IconButton color="primary" aria-label={t('tickets.composer.sendRecording')} onClick={sendRecording}>
            <SendIcon />
          </IconButton>
        </Box>
      ) : null}
      {/*
        A narrow composer (a phone, or a desktop where the list and the menu take most of the width — 1366 px with the
        list at its default): the text and the send button share the first row (send at its end, as in any messenger),
        the other buttons go below it, so the field never shrinks to a sliver whose placeholder wraps.
      */}
      <Box
        sx={{
          display: recorder.recording ? 'none' : 'flex',
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
            addFiles(e.target.files);
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
            addFiles(e.target.files);
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
        <Tooltip title={t('tickets.composer.privateToggle')}>
          <span>
            <IconButton
              aria-label={t('tickets.composer.privateToggle')}
              aria-pressed={isPrivate}
              data-shortcut="private-note"
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
          sx={{
            [`@container (max-width: ${COMPOSER_ONE_ROW_PX}px)`]: { order: -2, flexBasis: 'calc(100% - 48px)' },
            ...(isPrivate ? { '& .MuiOutlinedInput-root': { bgcolor: 'warning.light', color: 'warning.contrastText' } } : {}),
          }}
        />
        {!text.trim() && !pending.length && !editing ? (
          <IconButton
            sx={{ ml: 'auto' }}
            aria-label={t('tickets.composer.record')}
            disabled={!enabled || isPrivate}
            onClick={startRecording}
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
