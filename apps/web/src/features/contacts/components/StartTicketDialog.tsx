import type { ContactItemDto } from '@atendo/shared';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { useCreateTicket } from '../../../shared/data/tickets/useTicket';
import { useConnectionOptions } from '../../../shared/hooks/useInboxOptions';
import { useCurrentUser } from '../../../shared/session/context';

/** Opens or starts a ticket for a contact (queue required, 'Selecione uma fila'); another user's open ticket is named. */
export function StartTicketDialog({ contact, onClose }: { contact: ContactItemDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const connections = useConnectionOptions(Boolean(contact));
  const create = useCreateTicket();

  useEffect(() => {
    if (contact) {
      setQueueId(me.queues.length === 1 ? me.queues[0].id : '');
      setError(null);
    }
  }, [contact, me.queues]);
  useEffect(() => {
    const list = connections.data ?? [];
    if (whatsappId === '' && list.length) setWhatsappId(list[0].id);
  }, [connections.data, whatsappId]);

  const submit = async () => {
    if (!contact) return;
    if (queueId === '') {
      setError(t('validation.selectQueue'));
      return;
    }
    setBusy(true);
    try {
      const ticket = await create.mutateAsync({
        contactId: contact.id,
        queueId,
        whatsappId: whatsappId === '' ? undefined : whatsappId,
        userId: me.id,
        status: 'open',
      });
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (err) {
      const details = err instanceof ApiError && err.code === 'ERR_OTHER_OPEN_TICKET' ? err.body?.details : undefined;
      if (details && details.userId === me.id && typeof details.uuid === 'string') {
        onClose();
        navigate(`/tickets/${details.uuid}`);
      } else if (details) {
        setError(t('contacts.ticketOpenWith', { user: details.userName ?? '—', queue: details.queueName ?? '—' }));
      } else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={Boolean(contact)} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('contacts.startTicket', { name: contact?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="warning">{error}</Alert> : null}
          <TextField select label={t('contacts.queue')} value={queueId} onChange={(e) => setQueueId(Number(e.target.value))}>
            {me.queues.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('contacts.connection')}
            value={whatsappId}
            onChange={(e) => setWhatsappId(Number(e.target.value))}
          >
            {(connections.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t('contacts.open')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
