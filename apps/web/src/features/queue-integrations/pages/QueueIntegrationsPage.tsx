import type { QueueIntegrationDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Chip, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { QueueIntegrationModal } from '../components/QueueIntegrationModal';
import { useDeleteQueueIntegration, useQueueIntegrationsPage } from '../hooks/useQueueIntegrations';

/** /queue-integration (seed 001 §2, §2 "Queue integrations and file lists"): search, infinite scroll, add, edit, delete. */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const table = useQueueIntegrationsPage();
  const remove = useDeleteQueueIntegration();
  const [editing, setEditing] = useState<{ record: QueueIntegrationDto | null } | null>(null);
  const [deleting, setDeleting] = useState<QueueIntegrationDto | null>(null);

  const columns: Column<QueueIntegrationDto>[] = [
    {
      key: 'type',
      header: t('queueIntegrations.fields.type'),
      render: (r) => <Chip size="small" label={t(`queueIntegrations.types.${r.type}`)} />,
    },
    { key: 'name', header: t('queueIntegrations.fields.name'), render: (r) => r.name },
    {
      key: 'actions',
      header: t('queueIntegrations.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('queueIntegrations.edit')}>
            <IconButton aria-label={t('queueIntegrations.edit')} onClick={() => setEditing({ record: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('queueIntegrations.delete')}>
            <IconButton aria-label={t('queueIntegrations.delete')} onClick={() => setDeleting(r)}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

  return (
    <>
      <SearchableInfiniteTable
        title={t('queueIntegrations.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('queueIntegrations.empty')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
            {t('queueIntegrations.add')}
          </Button>
        }
      />
      <QueueIntegrationModal open={Boolean(editing)} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('queueIntegrations.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('queueIntegrations.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('queueIntegrations.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
