import type { AnnouncementDto } from '@atendo/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/api/errors';
import { toast } from '../../../shared/toast';
import { ConfirmationDialog } from '../../../shared/ui/ConfirmationDialog';
import { type Column, SearchableInfiniteTable } from '../../../shared/ui/SearchableInfiniteTable';
import { AnnouncementModal } from '../components/AnnouncementModal';
import { PRIORITY_COLORS } from '../components/AnnouncementsBell';
import { useAnnouncementsPage, useDeleteAnnouncement } from '../hooks/useAnnouncementsPage';

/** /announcements (seed 002 §2.9, super admin): title, priority, image name, status, actions; search, infinite scroll. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const table = useAnnouncementsPage();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<{ record: AnnouncementDto | null } | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementDto | null>(null);

  const columns: Column<AnnouncementDto>[] = [
    { key: 'title', header: t('announcements.fields.title'), render: (r) => r.title },
    {
      key: 'priority',
      header: t('announcements.fields.priority'),
      align: 'center',
      render: (r) => (
        <Box component="span" sx={{ color: PRIORITY_COLORS[r.priority] ?? PRIORITY_COLORS[3], fontWeight: 600 }}>
          {t(`announcements.priority.${r.priority}`)}
        </Box>
      ),
    },
    { key: 'media', header: t('announcements.fields.media'), render: (r) => r.mediaName ?? t('announcements.noImage') },
    {
      key: 'status',
      header: t('announcements.fields.status'),
      align: 'center',
      render: (r) => (
        <Chip
          size="small"
          color={r.status ? 'success' : 'default'}
          label={r.status ? t('announcements.active') : t('announcements.inactive')}
        />
      ),
    },
    {
      key: 'actions',
      header: t('announcements.actions'),
      align: 'right',
      render: (r) => (
        <>
          <Tooltip title={t('announcements.edit')}>
            <IconButton aria-label={t('announcements.edit')} onClick={() => setEditing({ record: r })}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('announcements.delete')}>
            <IconButton aria-label={t('announcements.delete')} onClick={() => setDeleting(r)}>
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
        title={t('announcements.title')}
        table={table}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={t('announcements.empty')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ record: null })}>
            {t('announcements.add')}
          </Button>
        }
      />
      <AnnouncementModal open={Boolean(editing)} record={editing?.record ?? null} onClose={() => setEditing(null)} />
      <ConfirmationDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t('confirmation.title')}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t('announcements.deleted'));
          } catch (err) {
            toastError(err);
          }
        }}
      >
        {t('confirmation.message')}
      </ConfirmationDialog>
    </>
  );
}
