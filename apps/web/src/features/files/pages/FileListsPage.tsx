import type { FileListDto } from '@atendo/shared';
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
import { FileListModal } from '../components/FileListModal';
import { useDeleteFileList, useFileListsPage } from '../hooks/useFileLists';

/** /files (seed 001 §2 "Queue integrations and file lists"): search, infinite scroll, add, edit, delete. */
export default function FileListsPage() {
  const { t } = useTranslation();
  const table = useFileListsPage();
  const remove = useDeleteFileList();
  const [editing, setEditing] = useState<{ record: FileListDto | null } | null>(null);
  const [deleting, setDeleting] = useState<FileListDto | null>(null);

  const columns: Column<FileListDto>[] = [
    { key: 'name', header: t('fileLists.fields.name'), render: (r) => r.name },
    { key: 'files', header: t('fileLists.fields.files'), render: (r) => <Chip size="small" label={r.options.length} /> },
    {
      key: 'actions',
      header: t('fileLists.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('fileLists.edit')}>
            <IconButton aria-label={t('fileLists.edit')} onClick={() => setEditing({ record: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('fileLists.delete')}>
            <IconButton aria-label={t('fileLists.delete')} onClick={() => setDeleting(r)}>
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
        title={t('fileLists.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('fileLists.empty')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
            {t('fileLists.add')}
          </Button>
        }
      />
      <FileListModal open={Boolean(editing)} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('fileLists.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('fileLists.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('fileLists.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
