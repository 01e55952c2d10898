import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';

/** What ERR_OTHER_OPEN_TICKET carries (seed 000 §4: one open ticket per contact). */
export interface OpenTicketInfo {
  ticketId?: number;
  uuid?: string;
  userId?: number | null;
  userName?: string | null;
  queueName?: string | null;
  status?: string;
}

/** Who holds the ticket, when a request was refused because someone else has it open (ERR_OTHER_OPEN_TICKET). */
export function otherOpenTicket(err: unknown): OpenTicketInfo | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  return (err.body?.details as OpenTicketInfo | undefined) ?? {};
}

/** The 'ticket already open' info dialog (seed 000 §2 "Dialogs"): names the owning user and queue. */
export function TicketAlreadyOpenDialog({
  info,
  onClose,
  onOpen,
}: {
  info: OpenTicketInfo | null;
  onClose: () => void;
  /** Offered when the caller may open that ticket. */
  onOpen?: (uuid: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={Boolean(info)} onClose={onClose} maxWidth="xs" fullWidth data-testid="ticket-already-open">
      <DialogTitle>{t('inbox.alreadyOpen.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {info?.userName
            ? t('inbox.alreadyOpen.withUser', {
                user: info.userName,
                queue: info.queueName ?? t('inbox.alreadyOpen.noQueue'),
              })
            : t('inbox.alreadyOpen.waiting', { queue: info?.queueName ?? t('inbox.alreadyOpen.noQueue') })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {onOpen && info?.uuid ? (
          <Button variant="contained" onClick={() => onOpen(info.uuid as string)}>
            {t('inbox.alreadyOpen.open')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
