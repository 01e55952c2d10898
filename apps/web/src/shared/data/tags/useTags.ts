import type { TagDto, TagFormBody, TagRefDto, TagRowDto } from '@atendo/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../hooks/useInfiniteSearch';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { tagKeys } from './keys';

/** GET /tags (20 per page, search; only the kanban lanes with `kanban`) kept live by company-{id}-tag events. */
export function useTagsPage({ kanban }: { kanban?: boolean } = {}) {
  const qc = useQueryClient();
  const KEY = kanban ? tagKeys.lanesPage : tagKeys.page;
  const table = useInfiniteSearch<TagRowDto>({
    queryKey: KEY,
    fetchPage: async ({ searchParam, pageNumber, signal }) => {
      const res = await api.get<{ tags: TagRowDto[]; hasMore: boolean }>('/tags', {
        query: { searchParam: searchParam || undefined, pageNumber, kanban: kanban ? 1 : undefined },
        signal,
      });
      return { records: res.tags, hasMore: res.hasMore };
    },
  });
  useSocketEvent('tag', (e) => {
    if (e.action === 'delete' && e.tagId) removeRecord<TagRowDto>(qc, KEY, e.tagId, (r) => r.id);
    else if (e.tag && (!kanban || (e.tag as TagRowDto).kanban === 1))
      upsertRecord<TagRowDto>(qc, KEY, e.tag as TagRowDto, (r) => r.id);
    void qc.invalidateQueries({ queryKey: tagKeys.lists });
  });
  return table;
}

export function useSaveTag() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Partial<TagFormBody> }) =>
      id ? api.put<TagDto>(`/tags/${id}`, body) : api.post<TagDto>('/tags', body),
  });
}

export function useDeleteTag() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/tags/${id}`) });
}

type ContactsPage = { contacts: { id: number; name: string; number: string }[]; hasMore: boolean; count: number };

export function useTagContacts(tagId: number | null) {
  return useInfiniteQuery({
    queryKey: tagKeys.contacts(tagId),
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactsPage>(`/tags/${tagId}/contacts`, { query: { pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: Boolean(tagId),
  });
}

export function useUnlinkContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, contactId }: { tagId: number; contactId: number }) =>
      api.delete(`/tags-contacts/${tagId}/${contactId}`),
    onSuccess: (_, v) => qc.invalidateQueries({ queryKey: tagKeys.contacts(v.tagId) }),
  });
}

/** GET /tags/list — every tag of the company, or only the kanban lanes (filters, pickers, the contact drawer). */
export function useTagList({ kanban }: { kanban: boolean }, enabled = true) {
  return useQuery({
    queryKey: tagKeys.list({ kanban }),
    queryFn: ({ signal }) => api.get<TagRefDto[]>('/tags/list', { query: kanban ? { kanban: 1 } : undefined, signal }),
    staleTime: 60_000,
    enabled,
  });
}
