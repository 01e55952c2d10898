import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/clock';
import { useClock } from '../../../../shared/hooks/useClock';
import { useCurrentUser } from '../../../../shared/session/context';
import { toast } from '../../../../shared/toast';
import type { useContactDrawer } from '../../hooks/useContactDrawer';

type Drawer = ReturnType<typeof useContactDrawer>;

/** The ticket's notes about the contact (seed 000 §2): write one, read them with their author, delete one's own. */
export function ContactNotes({ notes, addNote, removeNote }: Pick<Drawer, 'notes' | 'addNote' | 'removeNote'>) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const clock = useClock();
  const [note, setNote] = useState('');
  const noteTooShort = note.trim().length > 0 && note.trim().length < 2;
  return (
    <Box>
      <TextField
        size="small"
        fullWidth
        multiline
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        placeholder={t('inbox.contact.notePlaceholder')}
        slotProps={{ htmlInput: { 'aria-label': t('inbox.contact.notes') } }}
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
                    onClick={() => removeNote.mutate(n.id, { onSuccess: () => toast.success(t('inbox.contact.noteDeleted')) })}
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
  );
}
