import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import type { ContactOption } from '../../../shared/data/contacts/useContacts';
import { useCompanySettingValue } from '../../../shared/data/settings/useSettings';
import type { Message } from '../../../shared/data/tickets/types';
import { STORAGE_KEYS, useStorageItem } from '../../../shared/storage';
import { toast } from '../../../shared/toast';
import { ContactPicker } from '../../../shared/ui/ContactPicker';
import { FORWARD_GAP_MS, useForwardMessages } from '../hooks/useMessages';

/**
 * Forward the selected messages to one or more contacts (seed 000 §5, POST /message/forward each): into each contact's
 * live ticket, or a new one of the caller's; about 900 ms apart, signed when the attendant's signature is on.
 */
export function ForwardDialog({
  messages,
  onClose,
  onDone,
  gapMs = FORWARD_GAP_MS,
}: {
  messages: Message[];
  onClose: () => void;
  onDone: () => void;
  gapMs?: number;
}) {
  const { t } = useTranslation();
  const [contacts, setContacts] = useState<ContactOption[]>([]);
  const forward = useForwardMessages(gapMs);
  // the composer's signature toggle (sendSignMessage on, remembered in this browser)
  const signAllowed = useCompanySettingValue('sendSignMessage') === 'enabled';
  const signOn = useStorageItem(STORAGE_KEYS.signOption) !== 'false';
  const signMessage = signAllowed && signOn;
  const send = () => {
    if (!messages.length) {
      toast.error(t('tickets.forward.nothingSelected'));
      return;
    }
    if (!contacts.length) return;
    forward.mutate(
      { messageIds: messages.map((m) => m.id), contactIds: contacts.map((c) => c.id), signMessage },
      {
        onSuccess: () => {
          toast.success(t('tickets.forward.done', { name: contacts.map((c) => c.name).join(', ') }));
          setContacts([]);
          onDone();
        },
        onError: toastError,
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forward-title">
      <DialogTitle id="forward-title">{t('tickets.forward.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{t('tickets.forward.count', { count: messages.length })}</DialogContentText>
        <ContactPicker
          multiple
          autoFocus
          margin="dense"
          label={t('tickets.forward.contacts')}
          value={contacts}
          onChange={(v: ContactOption[]) => setContacts(v)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!contacts.length || forward.isPending} onClick={send}>
          {t('tickets.forward.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
