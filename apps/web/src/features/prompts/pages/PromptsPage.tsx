import type { PromptDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import {
  Box,
  Button,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { TableStateRows } from '../../../shared/ui/TableStateRows';
import { TutorialVideoDialog, useFirstVisit } from '../../../shared/ui/TutorialVideoDialog';
import { PromptDialog } from '../components/PromptDialog';
import { useDeletePrompt, usePromptEvents, usePrompts, usePromptUsage } from '../hooks/usePrompts';

/**
 * /prompts (seed 001 §2 "Prompts screen"): name, queue, max tokens, this month's tokens, edit and delete; live from
 * company-{id}-prompt. Above the table, the company's AI token use this month (GET /prompt/usage).
 */
export default function PromptsPage() {
  const { t, i18n } = useTranslation();
  const prompts = usePrompts();
  const usage = usePromptUsage();
  const number = new Intl.NumberFormat(i18n.language);
  const usageOf = new Map((usage.data?.prompts ?? []).map((u) => [u.promptId, u]));
  const deleted = usageOf.get(null);
  const remove = useDeletePrompt();
  const tutorialVideo = useHelpVideo('prompts');
  const tutorial = useFirstVisit('hasVisitedPrompts', tutorialVideo);
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<PromptDto | null>(null);
  usePromptEvents();

  const list = prompts.data ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('prompts.title')} ({list.length})
        </Typography>
        {tutorialVideo && (
          <Tooltip title={t('prompts.help')}>
            <IconButton aria-label={t('prompts.help')} onClick={tutorial.show}>
              <HelpOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, id: null })}>
          {t('prompts.add')}
        </Button>
      </Box>
      {usage.data && (
        <Typography variant="body2" color="text.secondary" data-testid="prompts-usage">
          {usage.data.total.turns > 0
            ? t('prompts.usage.summary', {
                month: usage.data.month,
                total: number.format(usage.data.total.totalTokens),
                prompt: number.format(usage.data.total.promptTokens),
                completion: number.format(usage.data.total.completionTokens),
                turns: number.format(usage.data.total.turns),
                count: usage.data.total.turns,
              })
            : t('prompts.usage.none', { month: usage.data.month })}
          {deleted ? ` · ${t('prompts.usage.deleted', { total: number.format(deleted.totalTokens) })}` : ''}
        </Typography>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('prompts.fields.name')}</TableCell>
              <TableCell>{t('prompts.fields.queue')}</TableCell>
              <TableCell align="center">{t('prompts.fields.maxTokens')}</TableCell>
              <TableCell align="right">{t('prompts.usage.column')}</TableCell>
              <TableCell align="center">{t('prompts.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((p) => (
              <TableRow key={p.id} hover>
                <TableCell>{p.name}</TableCell>
                <TableCell>{p.queue?.name ?? '—'}</TableCell>
                <TableCell align="center">{p.maxTokens}</TableCell>
                <TableCell align="right">
                  {(() => {
                    const u = usageOf.get(p.id);
                    if (!u) return usage.data ? '0' : '—';
                    return (
                      <Tooltip
                        title={t('prompts.usage.cell', {
                          prompt: number.format(u.promptTokens),
                          completion: number.format(u.completionTokens),
                          turns: number.format(u.turns),
                          count: u.turns,
                        })}
                      >
                        <span>{number.format(u.totalTokens)}</span>
                      </Tooltip>
                    );
                  })()}
                </TableCell>
                <TableCell align="center">
                  <IconButton
                    size="small"
                    aria-label={`${t('prompts.edit')} ${p.name}`}
                    onClick={() => setDialog({ open: true, id: p.id })}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`${t('prompts.delete')} ${p.name}`} onClick={() => setDeleting(p)}>
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            <TableStateRows query={prompts} count={list.length} colSpan={5} emptyText={t('prompts.empty')} />
          </TableBody>
        </Table>
      </TableContainer>
      <PromptDialog open={dialog.open} promptId={dialog.id} onClose={() => setDialog({ open: false, id: null })} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('prompts.deleteTitle')}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('prompts.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('prompts.deleteMessage')}
      </ConfirmationDialog>
      <TutorialVideoDialog open={tutorial.open} onClose={tutorial.close} title={t('prompts.tutorial')} videoUrl={tutorialVideo} />
    </Box>
  );
}
