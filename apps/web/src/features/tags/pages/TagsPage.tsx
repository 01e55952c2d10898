import type { TagRowDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Chip, IconButton, Link, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { TagContactsDialog } from '../components/TagContactsDialog';
import { TagModal } from '../components/TagModal';
import { useDeleteTag, useTagsPage } from '../hooks/useTags';

/** /tags (seed 002 §2.8): id, name as a coloured chip, contact count opening its dialog, edit and delete. */
export default function TagsPage() {
  const { t } = useTranslation();
  const table = useTagsPage();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<{ tag: TagRowDto | null } | null>(null);
  const [deleting, setDeleting] = useState<TagRowDto | null>(null);
  const [contactsOf, setContactsOf] = useState<TagRowDto | null>(null);

  const columns: Column<TagRowDto>[] = [
    { key: 'id', header: 'ID', render: (r) => r.id, width: 80 },
    {
      key: 'name',
      header: t('tags.fields.name'),
      render: (r) => <Chip size="small" label={r.name} sx={{ bgcolor: r.color, color: '#fff' }} data-testid="tag-chip" />,
    },
    {
      key: 'contacts',
      header: t('tags.contacts'),
      align: 'center',
      render: (r) =>
        r.contactsCount > 0 ? (
          <Link component="button" onClick={() => setContactsOf(r)} aria-label={t('tags.contactsOf', { name: r.name })}>
            {r.contactsCount}
          </Link>
        ) : (
          0
        ),
    },
    {
      key: 'actions',
      header: t('tags.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('tags.edit')}>
            <IconButton aria-label={t('tags.edit')} onClick={() => setEditing({ tag: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('tags.delete')}>
            <IconButton aria-label={t('tags.delete')} onClick={() => setDeleting(r)}>
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
        title={t('tags.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('tags.empty')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ tag: null })}>
            {t('tags.add')}
          </Button>
        }
      />
      <TagModal open={Boolean(editing)} tag={editing?.tag ?? null} onClose={() => setEditing(null)} />
      <TagContactsDialog tag={contactsOf} onClose={() => setContactsOf(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('tags.deleteTitle', { name: deleting?.name ?? '' })}
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
        {t('tags.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
