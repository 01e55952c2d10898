import { Alert, Box, Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../../shared/api/errors';
import type { ContactOption } from '../../../../shared/data/contacts/useContacts';
import type { Ticket } from '../../../../shared/data/tickets/types';
import { useCreateTicket } from '../../../../shared/data/tickets/useTicket';
import { useConnectionOptions } from '../../../../shared/hooks/useInboxOptions';
import { useCurrentUser } from '../../../../shared/session/context';
import { ContactPicker } from '../../../../shared/ui/ContactPicker';
import { DialogFormActions } from '../../../../shared/ui/DialogFormActions';
import { type OpenTicketInfo, otherOpenTicket } from './TicketAlreadyOpenDialog';

/**
 * New ticket (seed 000 §2): a contact found from 3 characters, a queue (required) and a connection. A contact that
 * already has an open ticket answers ERR_OTHER_OPEN_TICKET: the caller shows who holds it. On a Cloud API connection
 * the dialog says that a customer outside the 24-hour window gets only a template, which the opened ticket offers.
 */
export function NewTicketDialog({
  open,
  onClose,
  onCreated,
  onAlreadyOpen,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (t: Ticket) => void;
  onAlreadyOpen: (info: OpenTicketInfo) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [queueId, setQueueId] = useState<number | ''>(user.queues.length === 1 ? user.queues[0].id : '');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [touched, setTouched] = useState(false);
  const connections = useConnectionOptions(open);

  useEffect(() => {
    if (whatsappId === '' && connections.data?.length) {
      const preferred = connections.data.find((c) => c.isDefault) ?? connections.data[0];
      setWhatsappId(preferred.id);
    }
  }, [connections.data, whatsappId]);

  const create = useCreateTicket();
  const submit = (chosen: ContactOption, queue: number) =>
    create.mutate(
      {
        contactId: chosen.id,
        queueId: queue,
        whatsappId: whatsappId === '' ? null : whatsappId,
        userId: user.id,
        status: 'open',
      },
      {
        onSuccess: onCreated,
        onError: (err) => {
          const holder = otherOpenTicket(err);
          if (holder) onAlreadyOpen(holder);
          else toastError(err);
        },
      },
    );

  const queueMissing = touched && queueId === '';
  // Issue 36: on the Cloud API a customer who has not written for 24 hours receives only a template, which the opened
  // conversation offers (its composer knows the window)
  const cloud = connections.data?.find((c) => c.id === whatsappId)?.channel === 'whatsappapi';
  const contactMissing = touched && !contact;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="new-ticket-title">
      <DialogTitle id="new-ticket-title">{t('inbox.newTicket.title')}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (contact && queueId !== '') submit(contact, queueId);
        }}
      >
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ContactPicker
              autoFocus
              required
              label={t('inbox.newTicket.contact')}
              value={contact}
              onChange={setContact}
              error={contactMissing ? t('inbox.newTicket.contactRequired') : null}
            />
            <TextField
              select
              required
              label={t('inbox.newTicket.queue')}
              value={queueId}
              onChange={(e) => setQueueId(Number(e.target.value))}
              error={queueMissing}
              helperText={queueMissing ? t('validation.selectQueue') : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'new-ticket-queue' } }}
            >
              {user.queues.length === 0 ? (
                <MenuItem disabled value="">
                  {t('inbox.newTicket.noQueues')}
                </MenuItem>
              ) : null}
              {user.queues.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: q.color, mr: 1 }} />
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('inbox.newTicket.connection')}
              value={whatsappId}
              onChange={(e) => setWhatsappId(Number(e.target.value))}
            >
              {(connections.data ?? []).map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {c.channel}
                  </Typography>
                </MenuItem>
              ))}
            </TextField>
            {cloud ? (
              <Alert severity="info" data-testid="new-ticket-cloud-window">
                {t('inbox.newTicket.cloudWindow')}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogFormActions onCancel={onClose} busy={create.isPending} submitLabel={t('inbox.newTicket.save')} />
      </Box>
    </Dialog>
  );
}
