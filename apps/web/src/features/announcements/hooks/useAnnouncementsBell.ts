import type { AnnouncementDto, AnnouncementListDto } from '@atendo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGlobalSocketEvent } from '../../../shared/socket/useSocketEvent';
import { STORAGE_KEYS, setItem, useStorageItem } from '../../../shared/storage';
import { announcementKeys } from './keys';

/** An announcement as the bell reads it (seed 000 §3). */
export type BellAnnouncement = Pick<AnnouncementDto, 'id' | 'title' | 'text' | 'mediaPath' | 'priority' | 'status'>;

export const ANNOUNCEMENTS_BELL_KEY = announcementKeys.bell;

/** GET /announcements/?pageNumber=1 (the active ones); "unseen" = newer than the last id seen in this browser. */
export function useAnnouncementsBell() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const lastSeen = Number(useStorageItem(STORAGE_KEYS.announcementLastSeen) ?? 0) || 0;
  const query = useQuery({
    queryKey: ANNOUNCEMENTS_BELL_KEY,
    queryFn: ({ signal }) => api.get<AnnouncementListDto>('/announcements/', { query: { pageNumber: 1 }, signal }),
    retry: false,
    staleTime: 60_000,
  });
  // Published to every company when the super admin creates, changes or deletes one.
  useGlobalSocketEvent('company-announcement', () => void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_BELL_KEY }));
  // A system notice is written in the reader's language from its key; an announcement as its author wrote it.
  const records: BellAnnouncement[] = (query.data?.records ?? [])
    .filter((a) => a.status !== false)
    .map((a) =>
      a.notice
        ? {
            ...a,
            title: t(`announcements.notices.${a.notice.key}.title`, { ...a.notice.params, defaultValue: a.title }),
            text: t(`announcements.notices.${a.notice.key}.text`, { ...a.notice.params, defaultValue: a.text }),
          }
        : a,
    );
  const unseen = records.filter((a) => a.id > lastSeen).length;
  const markSeen = () => {
    const max = records.reduce((m, a) => Math.max(m, a.id), lastSeen);
    if (max > lastSeen) setItem(STORAGE_KEYS.announcementLastSeen, String(max));
  };
  return { records, unseen, markSeen, isLoading: query.isLoading };
}
