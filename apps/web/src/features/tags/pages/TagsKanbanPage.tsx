import type { TagRowDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Chip, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { useDeleteTag, useTagList, useTagsPage } from '../../../shared/data/tags/useTags';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { TagModal } from '../components/TagModal';

/** /TagsKanban (seed 002 §2.8): the kanban lanes — name chip, ticket count, edit, delete with confirmation, back to the board. */
export default function TagsKanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useTagsPage({ kanban: true });
  const lanes = useTagList({ kanban: true });
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<{ tag: TagRowDto | null } | null>(null);
  const [deleting, setDeleting] = useState<TagRowDto | null>(null);

  const columns: Column<TagRowDto>[] = [
    {
      key: 'name',
      header: t('tags.fields.name'),
      render: (r) => <Chip size="small" label={r.name} sx={{ bgcolor: r.color, color: '#fff' }} data-testid="tag-chip" />,
    },
    { key: 'position', header: t('tags.lanes.position'), align: 'center', render: (r) => r.position, width: 100 },
    { key: 'tickets', header: t('tags.lanes.tickets'), align: 'center', render: (r) => r.ticketsCount, width: 120 },
    {
      key: 'actions',
      header: t('tags.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('tags.lanes.edit')}>
            <IconButton aria-label={t('tags.lanes.editOf', { name: r.name })} onClick={() => setEditing({ tag: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('tags.lanes.delete')}>
            <IconButton aria-label={t('tags.lanes.deleteOf', { name: r.name })} onClick={() => setDeleting(r)}>
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
        title={lanes.data ? `${t('tags.lanes.title')} (${lanes.data.length})` : t('tags.lanes.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('tags.lanes.empty')}
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/Kanban')}>
              {t('tags.lanes.back')}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ tag: null })}>
              {t('tags.lanes.add')}
            </Button>
          </>
        }
      />
      <TagModal open={Boolean(editing)} tag={editing?.tag ?? null} onClose={() => setEditing(null)} defaultKanban />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('tags.lanes.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('tags.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('tags.lanes.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
