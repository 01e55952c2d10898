import type { AnnouncementBody, AnnouncementDto, AnnouncementListDto } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../../shared/hooks/useInfiniteSearch';
import { useGlobalSocketEvent } from '../../../shared/socket/useSocketEvent';
import { announcementKeys } from './keys';

const KEY = announcementKeys.page;

/** GET /announcements (records, hasMore) for the super admin's table, kept live by company-announcement. */
export function useAnnouncementsPage() {
  const qc = useQueryClient();
  const table = useInfiniteSearch<AnnouncementDto>({
    queryKey: KEY,
    fetchPage: ({ searchParam, pageNumber, signal }) =>
      api.get<AnnouncementListDto>('/announcements', { query: { searchParam: searchParam || undefined, pageNumber }, signal }),
  });
  useGlobalSocketEvent('company-announcement', (e) => {
    if (e.action === 'delete' && e.id) removeRecord<AnnouncementDto>(qc, KEY, e.id, (r) => r.id);
    else if (e.record) upsertRecord<AnnouncementDto>(qc, KEY, e.record as AnnouncementDto, (r) => r.id);
  });
  return table;
}

/** Saves the fields, then the image when one was chosen (POST /announcements/{id}/media-upload). */
export function useSaveAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, file }: { id?: number; body: AnnouncementBody; file?: File | null }) => {
      const saved = id
        ? await api.put<AnnouncementDto>(`/announcements/${id}`, body)
        : await api.post<AnnouncementDto>('/announcements', body);
      if (!file) return saved;
      const form = new FormData();
      form.append('typeArch', 'announcements');
      form.append('file', file);
      return api.post<AnnouncementDto>(`/announcements/${saved.id}/media-upload`, form);
    },
    onSuccess: (saved) => upsertRecord<AnnouncementDto>(qc, KEY, saved, (r) => r.id),
  });
}

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/announcements/${id}`),
    onSuccess: (_, id) => removeRecord<AnnouncementDto>(qc, KEY, id, (r) => r.id),
  });
}

export function useRemoveAnnouncementMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<AnnouncementDto>(`/announcements/${id}/media-upload`),
    onSuccess: (saved) => upsertRecord<AnnouncementDto>(qc, KEY, saved, (r) => r.id),
  });
}
