import type { CampaignDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/clock';
import { useClock } from '../../../shared/hooks/useClock';
import { useHelpVideo } from '../../../shared/hooks/useHelps';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { TutorialVideoDialog, useFirstVisit } from '../../../shared/ui/TutorialVideoDialog';
import { CampaignModal } from '../components/CampaignModal';
import { useCampaignAction, useCampaignsPage, useDeleteCampaign } from '../hooks/useCampaigns';

export const STATUS_COLOR: Record<CampaignDto['status'], 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  INATIVA: 'default',
  PROGRAMADA: 'info',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'error',
  FINALIZADA: 'success',
};

/** /campaigns (seed 002 §2.3): searchable infinite table with stop, restart, report, edit, delete; a help video on first visit. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  // the company's zone and the language's clock, as the inbox (issue 31 item 12)
  const clock = useClock();
  const when = (d: Date | string | null) => formatDateTime(clock, d) || '—';
  const navigate = useNavigate();
  const table = useCampaignsPage();
  const remove = useDeleteCampaign();
  const action = useCampaignAction();
  const video = useHelpVideo('campaigns');
  const help = useFirstVisit('hasVisitedCampaigns', video);
  const [editing, setEditing] = useState<{ record: CampaignDto | null } | null>(null);
  const [deleting, setDeleting] = useState<CampaignDto | null>(null);

  const run = async (r: CampaignDto, a: 'cancel' | 'restart') => {
    try {
      await action.mutateAsync({ id: r.id, action: a });
      toast.success(t(a === 'cancel' ? 'campaigns.cancelled' : 'campaigns.restarted'));
    } catch (err) {
      toastError(err);
    }
  };

  const columns: Column<CampaignDto>[] = [
    { key: 'name', header: t('campaigns.fields.name'), render: (r) => r.name },
    {
      key: 'status',
      header: t('campaigns.fields.status'),
      render: (r) => <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`campaigns.status.${r.status}`)} />,
    },
    { key: 'list', header: t('campaigns.fields.contactList'), render: (r) => r.contactList?.name ?? t('campaigns.none') },
    { key: 'whatsapp', header: t('campaigns.fields.whatsapp'), render: (r) => r.whatsapp?.name ?? t('campaigns.none') },
    { key: 'scheduledAt', header: t('campaigns.fields.scheduledAt'), render: (r) => when(r.scheduledAt) },
    { key: 'completedAt', header: t('campaigns.fields.completedAt'), render: (r) => when(r.completedAt) },
    {
      key: 'confirmation',
      header: t('campaigns.fields.confirmation'),
      render: (r) => (r.confirmation ? t('campaigns.enabled') : t('campaigns.disabled')),
    },
    {
      key: 'actions',
      header: t('campaigns.actions'),
      align: 'right',
      render: (r) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {r.status === 'EM_ANDAMENTO' ? (
            <Tooltip title={t('campaigns.stop')}>
              <IconButton aria-label={t('campaigns.stop')} onClick={() => run(r, 'cancel')}>
                <PauseCircleOutlineIcon />
              </IconButton>
            </Tooltip>
          ) : null}
          {r.status === 'CANCELADA' ? (
            <Tooltip title={t('campaigns.restart')}>
              <IconButton aria-label={t('campaigns.restart')} onClick={() => run(r, 'restart')}>
                <PlayCircleOutlineIcon />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title={t('campaigns.report')}>
            <IconButton aria-label={t('campaigns.report')} onClick={() => navigate(`/campaign/${r.id}/report`)}>
              <AssessmentIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('campaigns.edit')}>
            <IconButton aria-label={t('campaigns.edit')} onClick={() => setEditing({ record: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('campaigns.delete')}>
            <IconButton aria-label={t('campaigns.delete')} onClick={() => setDeleting(r)}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <SearchableInfiniteTable
        title={t('campaigns.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('campaigns.empty')}
        actions={
          <Stack direction="row" spacing={1}>
            {video ? (
              <IconButton aria-label={t('campaigns.help')} onClick={help.show}>
                <HelpOutlineIcon />
              </IconButton>
            ) : null}
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
              {t('campaigns.add')}
            </Button>
          </Stack>
        }
      />
      <CampaignModal open={Boolean(editing)} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <TutorialVideoDialog open={help.open} onClose={help.close} title={t('campaigns.title')} videoUrl={video} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('campaigns.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('campaigns.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('campaigns.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
