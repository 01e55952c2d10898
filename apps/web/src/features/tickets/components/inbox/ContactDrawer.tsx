import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../../app/session/context';
import { formatDateTime } from '../../../../shared/clock';
import { useClock } from '../../../../shared/hooks/useClock';
import { mediaUrl } from '../../../../shared/media';
import { toast } from '../../../../shared/toast';
import { TagPicker } from '../../../tags/components/TagPicker';
import { useContactTags, useSyncContactTags } from '../../../tags/hooks/useTagging';
import { useContactDrawer } from '../../hooks/useContactDrawer';

/**
 * The contact side drawer (seed 000 §2 "Dialogs"): avatar, name, number (masked by the server when LGPD asks),
 * e-mail, edit, block/unblock, kanban stage, notes, extra info and the accept-audio switch.
 */
export function ContactDrawer({
  contactId,
  ticketId,
  open,
  onClose,
}: {
  contactId: number;
  ticketId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { contact, notes, lanes, save, block, audio, addNote, removeNote, moveLane } = useContactDrawer(
    contactId,
    ticketId,
    open,
  );
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: '', email: '' });
  const [note, setNote] = useState('');
  const [lane, setLane] = useState<number | ''>('');
  const contactTags = useContactTags(contactId, open);
  const syncTags = useSyncContactTags();

  useEffect(() => {
    if (contact.data) setForm({ name: contact.data.name, email: contact.data.email });
  }, [contact.data]);

  const c = contact.data;
  const clock = useClock();
  const noteTooShort = note.trim().length > 0 && note.trim().length < 2;

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 360, maxWidth: '100vw' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" sx={{ flex: 1, pl: 1 }}>
          {t('inbox.contact.title')}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {contact.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : !c ? (
        <Typography sx={{ p: 2 }} color="error">
          {t('errors.generic')}
        </Typography>
      ) : (
        <Stack spacing={2} sx={{ p: 2 }} data-testid="contact-drawer">
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <Avatar src={mediaUrl(c.urlPicture)} alt={c.name} sx={{ width: 96, height: 96 }} />
            {editing ? (
              <Stack spacing={1.5} sx={{ width: '100%' }}>
                <TextField
                  size="small"
                  label={t('inbox.contact.name')}
                  value={form.name}
                  onChange={(e) => setForm({ ...form, name: e.target.value })}
                  error={form.name.trim().length < 2}
                  helperText={form.name.trim().length < 2 ? t('validation.tooShort') : ' '}
                />
                <TextField
                  size="small"
                  label={t('inbox.contact.email')}
                  type="email"
                  value={form.email}
                  onChange={(e) => setForm({ ...form, email: e.target.value })}
                />
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                  <Button size="small" onClick={() => setEditing(false)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={save.isPending || form.name.trim().length < 2}
                    onClick={() =>
                      save.mutate(
                        { name: form.name.trim(), email: form.email.trim(), number: contact.data?.number },
                        {
                          onSuccess: () => {
                            setEditing(false);
                            toast.success(t('inbox.contact.saved'));
                          },
                        },
                      )
                    }
                  >
                    {t('common.save')}
                  </Button>
                </Box>
              </Stack>
            ) : (
              <>
                <Typography variant="h6" data-testid="contact-drawer-name">
                  {c.name}
                </Typography>
                <Typography color="text.secondary">{c.number}</Typography>
                {c.email ? <Typography variant="body2">{c.email}</Typography> : null}
                <Button size="small" onClick={() => setEditing(true)}>
                  {t('inbox.contact.edit')}
                </Button>
              </>
            )}
          </Box>
          <Divider />
          <FormControlLabel
            control={<Switch checked={c.acceptAudioMessage} onChange={() => audio.mutate()} disabled={audio.isPending} />}
            label={t('inbox.contact.acceptAudio')}
          />
          <Button
            variant="outlined"
            color={c.active ? 'error' : 'primary'}
            disabled={block.isPending}
            onClick={() => block.mutate(!c.active)}
          >
            {c.active ? t('inbox.contact.block') : t('inbox.contact.unblock')}
          </Button>
          <TagPicker
            label={t('tags.picker.contactLabel')}
            testId="contact-drawer-tags"
            value={syncTags.isPending ? syncTags.variables.tags : (contactTags.data ?? [])}
            disabled={contactTags.isLoading}
            onChange={(tags) => syncTags.mutate({ contactId, tags }, { onSuccess: () => toast.success(t('tags.picker.saved')) })}
          />
          {(lanes.data ?? []).length ? (
            <TextField
              select
              size="small"
              label={t('inbox.contact.lane')}
              value={lane}
              onChange={(e) => {
                const id = Number(e.target.value);
                setLane(id);
                moveLane.mutate(id, { onSuccess: () => toast.success(t('inbox.contact.laneSaved')) });
              }}
            >
              {(lanes.data ?? []).map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: l.color, mr: 1 }} />
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {c.extraInfo?.length ? (
            <Box>
              <Typography variant="subtitle2">{t('inbox.contact.extraInfo')}</Typography>
              <List dense>
                {c.extraInfo.map((x) => (
                  <ListItem key={x.id} disableGutters>
                    <ListItemText primary={x.value} secondary={x.name} />
                  </ListItem>
                ))}
              </List>
            </Box>
          ) : null}
          <Divider />
          <Box>
            <Typography variant="subtitle2">{t('inbox.contact.notes')}</Typography>
            <TextField
              size="small"
              fullWidth
              multiline
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder={t('inbox.contact.notePlaceholder')}
              error={noteTooShort}
              helperText={noteTooShort ? t('validation.tooShort') : ' '}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                size="small"
                variant="contained"
                disabled={addNote.isPending || note.trim().length < 2}
                onClick={() =>
                  addNote.mutate(note.trim(), {
                    onSuccess: () => {
                      setNote('');
                      toast.success(t('inbox.contact.noteAdded'));
                    },
                  })
                }
              >
                {t('inbox.contact.addNote')}
              </Button>
            </Box>
            {notes.data?.length ? (
              <List dense data-testid="contact-notes">
                {notes.data.map((n) => (
                  <ListItem
                    key={n.id}
                    disableGutters
                    secondaryAction={
                      n.userId === user.id || user.profile === 'admin' ? (
                        <IconButton
                          edge="end"
                          size="small"
                          aria-label={t('inbox.contact.deleteNote')}
                          onClick={() =>
                            removeNote.mutate(n.id, { onSuccess: () => toast.success(t('inbox.contact.noteDeleted')) })
                          }
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      ) : null
                    }
                  >
                    <ListItemText
                      primary={n.note}
                      secondary={`${n.user?.name ?? ''} · ${formatDateTime(clock, n.createdAt)}`}
                      slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('inbox.contact.noNotes')}
              </Typography>
            )}
          </Box>
        </Stack>
      )}
    </Drawer>
  );
}
