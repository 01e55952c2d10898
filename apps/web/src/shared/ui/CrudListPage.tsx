import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Tooltip } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../api/errors';
import type { InfiniteSearch } from '../hooks/useInfiniteSearch';
import { toast } from '../toast';
import { ConfirmationDialog } from './ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from './SearchableInfiniteTable';

export interface CrudListPageProps<T extends { id: number }> {
  /**
   * The feature's texts, under one key: `${ns}.title`, `.empty`, `.add`, `.actions`, `.edit`, `.delete`, `.deleted`,
   * and the delete confirmation's `.deleteTitle` (with `{{name}}`) and `.deleteMessage`.
   */
  ns: string;
  table: InfiniteSearch<T>;
  /** The data columns; the actions column (extra buttons, edit, delete) is added last. */
  columns: Column<T>[];
  remove: { mutateAsync: (id: number) => Promise<unknown> };
  /** The add/edit form: `record` is the row to edit, null to add. */
  editor: (props: { open: boolean; record: T | null; onClose: () => void }) => ReactNode;
  /** Buttons of a row before edit and delete (open, download…). */
  rowActions?: (row: T) => ReactNode;
  /** The row's name in the delete confirmation's title (default: its `name`). */
  nameOf?: (row: T) => string;
  /** The delete confirmation's texts when the feature has none of its own. */
  deleteTexts?: { title: string; message: string };
  /** Dialogs the page opens besides the form (a row's contacts…). */
  children?: ReactNode;
}

/**
 * The page every simple list is (seed 001/002 list pages): search, infinite scroll, an add button, a row's edit and
 * delete (confirmed, then a toast), and its own form.
 */
export function CrudListPage<T extends { id: number }>({
  ns,
  table,
  columns,
  remove,
  editor,
  rowActions,
  nameOf = (row) => String((row as { name?: unknown }).name ?? ''),
  deleteTexts,
  children,
}: CrudListPageProps<T>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const withActions: Column<T>[] = [
    ...columns,
    {
      key: 'actions',
      header: t(`${ns}.actions`),
      align: 'right',
      render: (row) => (
        <>
          {rowActions?.(row)}
          <Tooltip title={t(`${ns}.edit`)}>
            <IconButton aria-label={t(`${ns}.edit`)} onClick={() => setEditing({ record: row })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t(`${ns}.delete`)}>
            <IconButton aria-label={t(`${ns}.delete`)} onClick={() => setDeleting(row)}>
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
        title={t(`${ns}.title`)}
        table={table}
        columns={withActions}
        getRowId={(row) => row.id}
        emptyText={t(`${ns}.empty`)}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
            {t(`${ns}.add`)}
          </Button>
        }
        emptyAction={
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
            {t('table.emptyAdd')}
          </Button>
        }
      />
      {editor({ open: Boolean(editing), record: editing?.record ?? null, onClose: () => setEditing(null) })}
      {children}
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={deleteTexts?.title ?? t(`${ns}.deleteTitle`, { name: deleting ? nameOf(deleting) : '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t(`${ns}.deleted`));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {deleteTexts?.message ?? t(`${ns}.deleteMessage`)}
      </ConfirmationDialog>
    </>
  );
}
