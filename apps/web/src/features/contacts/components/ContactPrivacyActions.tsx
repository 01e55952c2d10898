import { type ContactItemDto, eraseConfirmationMatches, isErasedContactNumber } from '@atendo/shared';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { downloadContactData, useEraseContact } from '../hooks/useContacts';

/**
 * The contact's rights under the LGPD (docs/privacy.md): export everything held about it (a zip), or erase it after
 * the admin types its number. Shown to admins only (the server checks too).
 */
export function ContactPrivacyActions({ contact, onErased }: { contact: ContactItemDto; onErased: () => void }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [received, setReceived] = useState(0);
  const [erasing, setErasing] = useState(false);
  const erased = isErasedContactNumber(contact.number);

  const exportData = async () => {
    setExporting(true);
    setReceived(0);
    try {
      await downloadContactData(contact.id, (p) => setReceived(p.bytes));
      toast.success(t('contacts.privacy.exported'));
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={1} data-testid="contact-privacy">
      <Typography variant="subtitle2">{t('contacts.privacy.title')}</Typography>
      {erased && <Alert severity="info">{t('contacts.privacy.erasedNote')}</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          type="button"
          variant="outlined"
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadOutlinedIcon />}
          disabled={exporting}
          onClick={() => void exportData()}
        >
          {t('contacts.privacy.export')}
        </Button>
        <Button
          type="button"
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverOutlinedIcon />}
          disabled={erased}
          onClick={() => setErasing(true)}
        >
          {t('contacts.privacy.erase')}
        </Button>
        {exporting && received > 0 && (
          <Typography variant="caption" role="status">
            {t('contacts.privacy.received', { kb: Math.ceil(received / 1024) })}
          </Typography>
        )}
      </Stack>
      <EraseContactDialog
        contact={erasing ? contact : null}
        onClose={() => setErasing(false)}
        onErased={() => {
          setErasing(false);
          onErased();
        }}
      />
    </Stack>
  );
}

/** Erasing cannot be undone: the admin types the contact's number to confirm (the server checks it too). */
function EraseContactDialog({
  contact,
  onClose,
  onErased,
}: {
  contact: ContactItemDto | null;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const erase = useEraseContact();
  const [typed, setTyped] = useState('');
  // Each opening starts with an empty confirmation.
  const contactId = contact?.id;
  useEffect(() => {
    if (contactId) setTyped('');
  }, [contactId]);
  const matches = Boolean(contact) && eraseConfirmationMatches(typed, contact?.number ?? '');

  const confirm = async () => {
    if (!contact || !matches) return;
    try {
      await erase.mutateAsync({ id: contact.id, confirm: typed });
      toast.success(t('contacts.privacy.erased'));
      onErased();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog open={Boolean(contact)} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('contacts.privacy.eraseTitle', { name: contact?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('contacts.privacy.eraseWarning')}
        </Alert>
        <TextField
          autoFocus
          fullWidth
          label={t('contacts.privacy.typeNumber', { number: contact?.number ?? '' })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void confirm();
          }}
          slotProps={{ htmlInput: { 'data-testid': 'erase-confirm' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!matches || erase.isPending}
          startIcon={erase.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => void confirm()}
        >
          {t('contacts.privacy.eraseConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
