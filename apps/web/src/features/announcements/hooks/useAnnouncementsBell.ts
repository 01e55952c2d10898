import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orEmpty } from '../../../shared/api/client';
import { useGlobalSocketEvent } from '../../../shared/socket/useSocketEvent';
import { STORAGE_KEYS, setItem, useStorageItem } from '../../../shared/storage';

/** An announcement as the bell reads it (seed 000 §3). */
export interface BellAnnouncement {
  id: number;
  title: string;
  text: string;
  mediaPath?: string | null;
  priority: number;
  status?: boolean;
  createdAt?: string;
}

export const ANNOUNCEMENTS_BELL_KEY = ['announcements', 'bell'] as const;

/** GET /announcements/?pageNumber=1; "unseen" = newer than the last id seen in this browser. */
export function useAnnouncementsBell() {
  const queryClient = useQueryClient();
  const lastSeen = Number(useStorageItem(STORAGE_KEYS.announcementLastSeen) ?? 0) || 0;
  const query = useQuery({
    queryKey: ANNOUNCEMENTS_BELL_KEY,
    queryFn: () =>
      orEmpty(api.get<{ records: BellAnnouncement[]; hasMore: boolean }>('/announcements/', { query: { pageNumber: 1 } }), {
        records: [],
        hasMore: false,
      }),
    retry: false,
    staleTime: 60_000,
  });
  useGlobalSocketEvent('company-announcement', () => void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_BELL_KEY }));
  const records = (query.data?.records ?? []).filter((a) => a.status !== false);
  const unseen = records.filter((a) => a.id > lastSeen).length;
  const markSeen = () => {
    const max = records.reduce((m, a) => Math.max(m, a.id), lastSeen);
    if (max > lastSeen) setItem(STORAGE_KEYS.announcementLastSeen, String(max));
  };
  return { records, unseen, markSeen, isLoading: query.isLoading };
}
