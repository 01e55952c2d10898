import type { AnnouncementDto } from '@atendo/shared';
import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../../shared/ui/CrudListPage';
import { AnnouncementModal } from '../components/AnnouncementModal';
import { PRIORITY_COLORS } from '../components/AnnouncementsBell';
import { useAnnouncementsPage, useDeleteAnnouncement } from '../hooks/useAnnouncementsPage';

/** /announcements (seed 002 §2.9, super admin): title, priority, image name, status, actions; search, infinite scroll. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  return (
    <CrudListPage<AnnouncementDto>
      ns="announcements"
      table={useAnnouncementsPage()}
      remove={useDeleteAnnouncement()}
      deleteTexts={{ title: t('confirmation.title'), message: t('confirmation.message') }}
      columns={[
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
      ]}
      editor={(p) => <AnnouncementModal {...p} />}
    />
  );
}
