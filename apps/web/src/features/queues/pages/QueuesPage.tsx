import type { QueueDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HelpIcon from '@mui/icons-material/Help';
import {
  Box,
  Button,
  Chip,
  Fab,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useDeleteQueue, useQueueEvents, useQueues } from '../../../shared/data/queues/useQueues';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { TableStateRows } from '../../../shared/ui/TableStateRows';
import { TutorialVideoDialog, useFirstVisit } from '../../../shared/ui/TutorialVideoDialog';
import { QueueDialog } from '../components/QueueDialog';

/** Seed 002 §9: the queue edit dialog opens 500 ms after a creation. */
export const EDIT_AFTER_CREATE_MS = 500;

export default function QueuesPage() {
  const { t } = useTranslation();
  const queues = useQueues();
  const remove = useDeleteQueue();
  const tutorialVideo = useHelpVideo('queues');
  const tutorial = useFirstVisit('hasVisitedQueues', tutorialVideo);
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<QueueDto | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useQueueEvents();
  useEffect(() => () => clearTimeout(timer.current), []);

  const list = queues.data ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('queues.title')} ({list.length})
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, id: null })}>
          {t('queues.add')}
        </Button>
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('queues.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>ID</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('queues.name')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="center">
                {t('queues.color')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="center">
                {t('queues.order')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('queues.greetingMessage')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="center">
                {t('queues.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((q) => (
              <TableRow key={q.id} hover>
                <TableCell>{q.id}</TableCell>
                <TableCell>
                  {q.name}
                  {q.chatbots.length > 0 && (
                    <Chip
                      size="small"
                      variant="outlined"
                      sx={{ ml: 1 }}
                      label={t('queues.stepsCount', { count: q.chatbots.length })}
                    />
                  )}
                </TableCell>
                <TableCell align="center">
                  <Box
                    title={q.color}
                    sx={{
                      width: 60,
                      height: 20,
                      mx: 'auto',
                      borderRadius: 1,
                      bgcolor: q.color,
                      border: 1,
                      borderColor: 'divider',
                    }}
                  />
                </TableCell>
                <TableCell align="center">{q.orderQueue ?? '—'}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {q.greetingMessage}
                </TableCell>
                <TableCell align="center">
                  <Tooltip title={t('queues.edit')}>
                    <IconButton
                      size="small"
                      aria-label={`${t('queues.edit')} ${q.name}`}
                      onClick={() => setDialog({ open: true, id: q.id })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('queues.delete')}>
                    <IconButton size="small" aria-label={`${t('queues.delete')} ${q.name}`} onClick={() => setDeleting(q)}>
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            <TableStateRows query={queues} count={list.length} colSpan={6} emptyText={t('queues.empty')} />
          </TableBody>
        </Table>
      </TableContainer>
      <QueueDialog
        open={dialog.open}
        queueId={dialog.id}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onCreated={(id) => {
          timer.current = setTimeout(() => setDialog({ open: true, id }), EDIT_AFTER_CREATE_MS);
        }}
      />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        title={deleting ? t('queues.deleteTitle', { name: deleting.name }) : undefined}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('queues.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('queues.deleteMessage')}
      </ConfirmationDialog>
      <TutorialVideoDialog open={tutorial.open} onClose={tutorial.close} title={t('queues.tutorial')} videoUrl={tutorialVideo} />
      {tutorialVideo && (
        <Tooltip title={t('queues.help')}>
          <Fab
            color="primary"
            size="medium"
            aria-label={t('queues.help')}
            onClick={tutorial.show}
            sx={{ position: 'fixed', right: 24, bottom: 24 }}
          >
            <HelpIcon />
          </Fab>
        </Tooltip>
      )}
    </Box>
  );
}
