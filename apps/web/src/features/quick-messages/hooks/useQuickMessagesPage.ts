import type { QuickMessageBody, QuickMessageDto } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { quickMessageKeys } from '../../../shared/data/quick-messages/keys';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../../shared/hooks/useInfiniteSearch';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';

const KEY = quickMessageKeys.page;

/** GET /quick-messages (records, hasMore) kept live by company-{id}-quickemessage events. */
export function useQuickMessagesPage() {
  const qc = useQueryClient();
  const table = useInfiniteSearch<QuickMessageDto>({
    queryKey: KEY,
    fetchPage: ({ searchParam, pageNumber, signal }) =>
      api.get<{ records: QuickMessageDto[]; hasMore: boolean }>('/quick-messages', {
        query: { searchParam: searchParam || undefined, pageNumber },
        signal,
      }),
  });
  useSocketEvent('quickemessage', (e) => {
    if (e.action === 'delete' && e.id) removeRecord<QuickMessageDto>(qc, KEY, e.id, (r) => r.id);
    else if (e.record) upsertRecord<QuickMessageDto>(qc, KEY, e.record as QuickMessageDto, (r) => r.id);
    void qc.invalidateQueries({ queryKey: quickMessageKeys.pickers });
  });
  return table;
}

export function useSaveQuickMessage() {
  return useMutation({
    mutationFn: async ({ id, body, file }: { id?: number; body: Partial<QuickMessageBody>; file?: File | null }) => {
      const saved = id
        ? await api.put<QuickMessageDto>(`/quick-messages/${id}`, body)
        : await api.post<QuickMessageDto>('/quick-messages', body);
      if (!file) return saved;
      const form = new FormData();
      form.append('typeArch', 'quickMessage');
      form.append('file', file);
      return api.post<QuickMessageDto>(`/quick-messages/${saved.id}/media-upload`, form);
    },
  });
}

export function useDeleteQuickMessage() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/quick-messages/${id}`) });
}

export function useRemoveQuickMessageMedia() {
  return useMutation({ mutationFn: (id: number) => api.delete<QuickMessageDto>(`/quick-messages/${id}/media-upload`) });
}
