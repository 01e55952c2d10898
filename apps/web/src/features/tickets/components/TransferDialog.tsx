import { planAllows } from '@atendo/shared';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useQueues } from '../../../shared/data/queues/useQueues';
import { useUserList } from '../../../shared/data/users/useUsers';
import { useCompanyPlan } from '../../../shared/hooks/useCompanyPlan';
import { useCopilot } from '../hooks/useCopilot';

/**
 * Transfer (seed 000 §4): a user and/or a queue, and an optional message for the receiver. With the AI co-pilot
 * (plan useOpenAi, docs/ai.md), "add a summary note" writes the conversation's summary as a private note first; a
 * failed summary stops the transfer and says why (untick it to transfer without).
 */
export function TransferDialog({
  ticketId,
  open,
  onClose,
  onConfirm,
  busy,
}: {
  ticketId: number;
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
  const { plan } = useCompanyPlan();
  const ai = useCopilot(ticketId);
  const [summarise, setSummarise] = useState(false);
  const confirm = async () => {
    if (summarise && planAllows(plan, 'useOpenAi')) {
      try {
        await ai.summary.mutateAsync();
      } catch (err) {
        toastError(err);
        return;
      }
    }
    onConfirm({ userId: userId === '' ? null : userId, queueId: queueId === '' ? null : queueId, msgTransfer: msg });
  };
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
        {planAllows(plan, 'useOpenAi') ? (
          <FormControlLabel
            control={<Checkbox checked={summarise} onChange={(e) => setSummarise(e.target.checked)} />}
            label={t('tickets.copilot.summaryOnTransfer')}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || ai.summary.isPending || (userId === '' && queueId === '')}
          onClick={() => void confirm()}
        >
          {t('tickets.transfer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
