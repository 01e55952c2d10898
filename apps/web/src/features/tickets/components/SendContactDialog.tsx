import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import type { ContactOption } from '../../../shared/data/contacts/useContacts';
import { ContactPicker } from '../../../shared/ui/ContactPicker';
import { useSendContactCard } from '../hooks/useMessages';

/** Seed 000 §2 "send-contact dialog": pick a contact of the book; it goes as a contact card (vCard). */
export function SendContactDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [contact, setContact] = useState<ContactOption | null>(null);
  const send = useSendContactCard(ticketId);
  const close = () => {
    setContact(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('tickets.sendContact.title')}</DialogTitle>
      <DialogContent>
        <ContactPicker label={t('tickets.sendContact.contact')} value={contact} onChange={setContact} autoFocus margin="dense" />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!contact || send.isPending}
          onClick={() => contact && send.mutate(contact, { onSuccess: close, onError: toastError })}
        >
          {t('tickets.sendContact.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
