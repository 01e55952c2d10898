import type { QuickMessageDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { QuickMessageModal } from '../components/QuickMessageModal';
import { useDeleteQuickMessage, useQuickMessagesPage } from '../hooks/useQuickMessagesPage';

/** /quick-messages (seed 002 §2.7): shortcode, attachment name, shared check, edit and delete; search, infinite scroll. */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const table = useQuickMessagesPage();
  const remove = useDeleteQuickMessage();
  const [editing, setEditing] = useState<{ record: QuickMessageDto | null } | null>(null);
  const [deleting, setDeleting] = useState<QuickMessageDto | null>(null);

  const columns: Column<QuickMessageDto>[] = [
    { key: 'shortcode', header: t('quickMessages.fields.shortcode'), render: (r) => `/${r.shortcode}` },
    { key: 'media', header: t('quickMessages.fields.media'), render: (r) => r.mediaName ?? t('quickMessages.noAttachment') },
    {
      key: 'geral',
      header: t('quickMessages.fields.geral'),
      align: 'center',
      render: (r) => (r.geral ? <CheckCircleIcon color="success" aria-label={t('quickMessages.shared')} /> : null),
    },
    {
      key: 'actions',
      header: t('quickMessages.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('quickMessages.edit')}>
            <IconButton aria-label={t('quickMessages.edit')} onClick={() => setEditing({ record: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          {r.canEdit ? (
            <Tooltip title={t('quickMessages.delete')}>
              <IconButton aria-label={t('quickMessages.delete')} onClick={() => setDeleting(r)}>
                <DeleteOutlinedIcon />
              </IconButton>
            </Tooltip>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <>
      <SearchableInfiniteTable
        title={t('quickMessages.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('quickMessages.empty')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
            {t('quickMessages.add')}
          </Button>
        }
      />
      <QuickMessageModal open={Boolean(editing)} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('quickMessages.deleteTitle', { shortcode: deleting?.shortcode ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('quickMessages.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('quickMessages.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
