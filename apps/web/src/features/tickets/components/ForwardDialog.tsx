import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import type { Message } from '../types';
import { CONTACT_SEARCH_MIN, type ContactOption, useContactSearch } from './inbox/NewTicketDialog';

/** Forward a message to a contact (POST /message/forward): into their live ticket, or a new one of the caller's. */
export function ForwardDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [contact, setContact] = useState<ContactOption | null>(null);
  const contacts = useContactSearch(term);
  const forward = useMutation({
    mutationFn: () => api.post('/message/forward', { messageId: message?.id, contactId: contact?.id }),
    onSuccess: () => {
      toast.success(t('tickets.forward.done', { name: contact?.name ?? '' }));
      setContact(null);
      setTerm('');
      onClose();
    },
    onError: toastError,
  });
  return (
    <Dialog open={Boolean(message)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forward-title">
      <DialogTitle id="forward-title">{t('tickets.forward.title')}</DialogTitle>
      <DialogContent>
        <Autocomplete
          options={contacts.data ?? []}
          value={contact}
          onChange={(_, v) => setContact(v)}
          inputValue={term}
          onInputChange={(_, v) => setTerm(v)}
          filterOptions={(x) => x}
          getOptionLabel={(o) => `${o.name} — ${o.number}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={contacts.isFetching}
          noOptionsText={
            term.trim().length < CONTACT_SEARCH_MIN ? t('inbox.newTicket.typeMore') : t('inbox.newTicket.noContacts')
          }
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              margin="dense"
              label={t('inbox.newTicket.contact')}
              helperText={t('inbox.newTicket.contactHint')}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!contact || forward.isPending} onClick={() => forward.mutate()}>
          {t('tickets.forward.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
