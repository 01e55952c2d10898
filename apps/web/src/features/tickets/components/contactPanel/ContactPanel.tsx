import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  CircularProgress,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactTags, useSyncContactTags } from '../../../../shared/data/tags/useTagging';
import { toast } from '../../../../shared/toast';
import { TagPicker } from '../../../../shared/ui/TagPicker';
import { useContactDrawer } from '../../hooks/useContactDrawer';
import { useFoldedSections, usePreviousConversations } from '../../hooks/useContactPanel';
import { ContactIdentity } from './ContactIdentity';
import { ContactNotes } from './ContactNotes';
import { PanelSection } from './PanelSection';
import { PreviousConversations } from './PreviousConversations';

export interface ContactPanelProps {
  contactId: number;
  ticketId: number;
  /** The ticket's kanban lane (a tag with kanban = 1), shown as the stage's current value. */
  laneId?: number | null;
  onClose: () => void;
}

/**
 * The contact beside the conversation (seed 000 §2 "contact drawer", laid out as Chatwoot's contact sidebar): who the
 * contact is, then foldable sections — attributes, tags and kanban stage, notes, previous conversations. The same
 * body is the docked panel of wide screens and the drawer of narrow ones.
 */
export function ContactPanel({ contactId, ticketId, laneId = null, onClose }: ContactPanelProps) {
  const { t } = useTranslation();
  const { contact, notes, lanes, save, block, audio, addNote, removeNote, moveLane } = useContactDrawer(
    contactId,
    ticketId,
    true,
  );
  const [lane, setLane] = useState<number | ''>('');
  const contactTags = useContactTags(contactId, true);
  const syncTags = useSyncContactTags();
  const history = usePreviousConversations(contact.data, ticketId, true);
  const sections = useFoldedSections();
  const section = (key: string) => ({ folded: sections.isFolded(key), onToggle: () => sections.toggle(key) });
  const c = contact.data;
  const laneValue = lane === '' ? (laneId ?? '') : lane;
  const laneKnown = (lanes.data ?? []).some((l) => l.id === laneValue);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, pl: 1 }}>
          {t('inbox.contact.title')}
        </Typography>
        <IconButton aria-label={t('inbox.panel.close')} onClick={onClose}>
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
        <Box sx={{ flex: 1, overflowY: 'auto' }} data-testid="contact-drawer">
          <ContactIdentity contact={c} save={save} />
          <PanelSection title={t('inbox.panel.attributes')} testId="panel-attributes" {...section('attributes')}>
            <Stack spacing={1.5}>
              {c.extraInfo?.length ? (
                <List dense disablePadding>
                  {c.extraInfo.map((x) => (
                    <ListItem key={x.id} disableGutters>
                      <ListItemText primary={x.value} secondary={x.name} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('inbox.panel.noAttributes')}
                </Typography>
              )}
              <FormControlLabel
                control={<Switch checked={c.acceptAudioMessage} onChange={() => audio.mutate()} disabled={audio.isPending} />}
                label={t('inbox.contact.acceptAudio')}
              />
              <Button
                variant="outlined"
                size="small"
                color={c.active ? 'error' : 'primary'}
                // the dark theme's error red on its paper is under 4.5:1: its lighter shade there
                sx={(theme) =>
                  c.active && theme.palette.mode === 'dark'
                    ? { color: theme.palette.error.light, borderColor: theme.palette.error.light }
                    : {}
                }
                disabled={block.isPending}
                onClick={() => block.mutate(!c.active)}
              >
                {c.active ? t('inbox.contact.block') : t('inbox.contact.unblock')}
              </Button>
            </Stack>
          </PanelSection>
          <PanelSection title={t('inbox.panel.tags')} testId="panel-tags" {...section('tags')}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TagPicker
                label={t('tags.picker.contactLabel')}
                testId="contact-drawer-tags"
                value={syncTags.isPending ? syncTags.variables.tags : (contactTags.data ?? [])}
                disabled={contactTags.isLoading}
                onChange={(tags) =>
                  syncTags.mutate({ contactId, tags }, { onSuccess: () => toast.success(t('tags.picker.saved')) })
                }
              />
              {(lanes.data ?? []).length ? (
                <TextField
                  select
                  size="small"
                  label={t('inbox.contact.lane')}
                  value={laneKnown ? laneValue : ''}
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
            </Stack>
          </PanelSection>
          <PanelSection title={t('inbox.contact.notes')} testId="panel-notes" {...section('notes')}>
            <ContactNotes notes={notes} addNote={addNote} removeNote={removeNote} />
          </PanelSection>
          <PanelSection title={t('inbox.panel.history')} testId="panel-history" {...section('history')}>
            <PreviousConversations history={history} />
          </PanelSection>
        </Box>
      )}
    </Box>
  );
}
