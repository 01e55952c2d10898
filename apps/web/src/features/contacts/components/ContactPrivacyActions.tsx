import { type ContactItemDto, eraseConfirmationMatches, isErasedContactNumber } from '@atendo/shared';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { downloadContactData, useEraseContact } from '../../../shared/data/contacts/useContacts';
import { toast } from '../../../shared/toast';
import { TypedConfirmationDialog } from '../../../shared/ui/TypedConfirmationDialog';

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
  const erase = useEraseContact();
  const confirm = async (typed: string) => {
    if (!contact) return;
    try {
      await erase.mutateAsync({ id: contact.id, confirm: typed });
      toast.success(t('contacts.privacy.erased'));
      onErased();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <TypedConfirmationDialog
      open={Boolean(contact)}
      title={t('contacts.privacy.eraseTitle', { name: contact?.name ?? '' })}
      warning={t('contacts.privacy.eraseWarning')}
      label={t('contacts.privacy.typeNumber', { number: contact?.number ?? '' })}
      matches={(typed) => eraseConfirmationMatches(typed, contact?.number ?? '')}
      confirmLabel={t('contacts.privacy.eraseConfirm')}
      busy={erase.isPending}
      onConfirm={confirm}
      onClose={onClose}
      inputTestId="erase-confirm"
    />
  );
}
