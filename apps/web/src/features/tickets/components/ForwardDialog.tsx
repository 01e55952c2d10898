import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ContactPicker } from '../../contacts/components/ContactPicker';
import type { ContactOption } from '../../contacts/hooks/useContacts';
import { useForwardMessage } from '../hooks/useMessages';
import type { Message } from '../types';

/** Forward a message to a contact (POST /message/forward): into their live ticket, or a new one of the caller's. */
export function ForwardDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactOption | null>(null);
  const forward = useForwardMessage();
  const send = () => {
    if (!message || !contact) return;
    forward.mutate(
      { messageId: message.id, contactId: contact.id },
      {
        onSuccess: () => {
          toast.success(t('tickets.forward.done', { name: contact.name }));
          setContact(null);
          onClose();
        },
        onError: toastError,
      },
    );
  };
  return (
    <Dialog open={Boolean(message)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forward-title">
      <DialogTitle id="forward-title">{t('tickets.forward.title')}</DialogTitle>
      <DialogContent>
        <ContactPicker autoFocus margin="dense" label={t('inbox.newTicket.contact')} value={contact} onChange={setContact} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!contact || forward.isPending} onClick={send}>
          {t('tickets.forward.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
