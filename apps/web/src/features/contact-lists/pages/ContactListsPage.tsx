import type { ContactListDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PeopleIcon from '@mui/icons-material/People';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { ContactListModal } from '../components/ContactListModal';
import { downloadSample, useContactListsPage, useDeleteContactList } from '../hooks/useContactLists';

/** /contact-lists (seed 002 §2.5): name, contacts count, sample download, open, edit, delete; add; search. */
export default function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useContactListsPage();
  const remove = useDeleteContactList();
  const [editing, setEditing] = useState<{ record: ContactListDto | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactListDto | null>(null);

  const columns: Column<ContactListDto>[] = [
    { key: 'name', header: t('contactLists.fields.name'), render: (r) => r.name },
    { key: 'count', header: t('contactLists.fields.contactsCount'), align: 'center', render: (r) => r.contactsCount },
    {
      key: 'actions',
      header: t('contactLists.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('contactLists.sample')}>
            <IconButton aria-label={t('contactLists.sample')} onClick={() => downloadSample().catch(toastError)}>
              <DownloadIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contactLists.openContacts')}>
            <IconButton aria-label={t('contactLists.openContacts')} onClick={() => navigate(`/contact-lists/${r.id}/contacts`)}>
              <PeopleIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contactLists.edit')}>
            <IconButton aria-label={t('contactLists.edit')} onClick={() => setEditing({ record: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('contactLists.delete')}>
            <IconButton aria-label={t('contactLists.delete')} onClick={() => setDeleting(r)}>
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
        title={t('contactLists.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('contactLists.empty')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
            {t('contactLists.add')}
          </Button>
        }
      />
      <ContactListModal open={Boolean(editing)} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('contactLists.deleteTitle', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('contactLists.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('contactLists.deleteMessage')}
      </ConfirmationDialog>
    </>
  );
}
