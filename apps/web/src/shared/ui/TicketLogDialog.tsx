import type { TicketLogType } from '@atendo/shared';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../clock';
import { foldTicketLog } from '../data/tickets/foldTicketLog';
import { useTicketLog } from '../data/tickets/useTicket';
import { useClock } from '../hooks/useClock';

const COLORS: Record<TicketLogType, string> = {
  create: '#1976d2',
  chatBot: '#7b1fa2',
  queue: '#0288d1',
  open: '#2e7d32',
  access: '#607d8b',
  transfered: '#ed6c02',
  receivedTransfer: '#ed6c02',
  pending: '#f9a825',
  closed: '#c62828',
  reopen: '#2e7d32',
  redirect: '#6d4c41',
  laneMoved: '#5c6bc0',
  laneRollback: '#8d6e63',
  aiHandover: '#00897b',
  integrationFailed: '#d32f2f',
  autoAssigned: '#43a047',
  slaBreached: '#e53935',
  ratingSkipped: '#9e9e9e',
};

/**
 * The ticket log timeline (seed 000 §2/§3 "Ticket log"): who did what, when, oldest first; repeated steps in a row
 * (the bot's menu answered again and again) are one line with a count and their first and last times.
 */
export function TicketLogDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const logs = useTicketLog(ticketId, open);
  const clock = useClock();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="ticket-log-title">
      <DialogTitle id="ticket-log-title">{t('inbox.log.title', { id: ticketId })}</DialogTitle>
      <DialogContent dividers>
        {logs.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} />
          </Box>
        ) : logs.isError ? (
          <Typography color="error">{t('errors.generic')}</Typography>
        ) : !logs.data?.length ? (
          <Typography color="text.secondary">{t('inbox.log.empty')}</Typography>
        ) : (
          <List dense data-testid="ticket-log">
            {foldTicketLog(logs.data).map(({ entry: l, count, lastAt }) => (
              <ListItem key={l.id} sx={{ alignItems: 'flex-start' }} data-count={count}>
                <ListItemIcon sx={{ minWidth: 28, pt: 1 }}>
                  <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: COLORS[l.type] ?? 'grey.500' }} />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      {t(`inbox.log.types.${l.type}`, {
                        user: l.user?.name ?? t('inbox.log.system'),
                        queue: l.queue?.name ?? t('inbox.alreadyOpen.noQueue'),
                      })}
                      {count > 1 && (
                        <Chip
                          component="span"
                          size="small"
                          variant="outlined"
                          label={`×${count}`}
                          title={t('inbox.log.repeated', { count })}
                          aria-label={t('inbox.log.repeated', { count })}
                          sx={{ ml: 1, height: 20 }}
                        />
                      )}
                    </>
                  }
                  secondary={[
                    count > 1
                      ? `${formatDateTime(clock, l.createdAt)} – ${formatDateTime(clock, lastAt)}`
                      : formatDateTime(clock, l.createdAt),
                    l.reason,
                  ]
                    .filter(Boolean)
                    .join(' — ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
