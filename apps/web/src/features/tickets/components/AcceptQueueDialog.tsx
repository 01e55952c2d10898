import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/session/context';

/** Accepting a ticket without a queue asks for one first (seed 000 §4). */
export function AcceptQueueDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: (queueId: number) => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [queueId, setQueueId] = useState<number | ''>('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('tickets.accept.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          select
          fullWidth
          label={t('tickets.transfer.queue')}
          value={queueId}
          onChange={(e) => setQueueId(Number(e.target.value))}
          helperText={queueId === '' ? t('validation.selectQueue') : ' '}
        >
          {user.queues.map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={queueId === ''} onClick={() => queueId !== '' && onConfirm(queueId)}>
          {t('tickets.actions.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
