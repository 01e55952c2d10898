import type { AnnouncementDto, AnnouncementListDto } from '@atendo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  const lastSeen = Number(useStorageItem(STORAGE_KEYS.announcementLastSeen) ?? 0) || 0;
  const query = useQuery({
    queryKey: ANNOUNCEMENTS_BELL_KEY,
    queryFn: ({ signal }) => api.get<AnnouncementListDto>('/announcements/', { query: { pageNumber: 1 }, signal }),
    retry: false,
    staleTime: 60_000,
  });
  // Published to every company when the super admin creates, changes or deletes one.
  useGlobalSocketEvent('company-announcement', () => void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_BELL_KEY }));
  const records: BellAnnouncement[] = (query.data?.records ?? []).filter((a) => a.status !== false);
  const unseen = records.filter((a) => a.id > lastSeen).length;
  const markSeen = () => {
    const max = records.reduce((m, a) => Math.max(m, a.id), lastSeen);
    if (max > lastSeen) setItem(STORAGE_KEYS.announcementLastSeen, String(max));
  };
  return { records, unseen, markSeen, isLoading: query.isLoading };
}
