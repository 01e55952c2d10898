import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueues } from '../../queues/hooks/useQueues';
import { useUserList } from '../../users/hooks/useUsers';

/** Transfer (seed 000 §4): a user and/or a queue, and an optional message for the receiver. */
export function TransferDialog({
  open,
  onClose,
  onConfirm,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: (v: { userId: number | null; queueId: number | null; msgTransfer: string }) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const queues = useQueues(open);
  const users = useUserList(open);
  const [userId, setUserId] = useState<number | ''>('');
  const [queueId, setQueueId] = useState<number | ''>('');
  const [msg, setMsg] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('tickets.transfer.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label={t('tickets.transfer.user')}
          value={userId}
          onChange={(e) => setUserId(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <MenuItem value="">{t('tickets.transfer.noUser')}</MenuItem>
          {(Array.isArray(users.data) ? users.data : []).map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('tickets.transfer.queue')}
          value={queueId}
          onChange={(e) => setQueueId(e.target.value === '' ? '' : Number(e.target.value))}
        >
          {(Array.isArray(queues.data) ? queues.data : []).map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('tickets.transfer.message')}
          value={msg}
          onChange={(e) => setMsg(e.target.value)}
          multiline
          maxRows={4}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || (userId === '' && queueId === '')}
          onClick={() =>
            onConfirm({ userId: userId === '' ? null : userId, queueId: queueId === '' ? null : queueId, msgTransfer: msg })
          }
        >
          {t('tickets.transfer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
