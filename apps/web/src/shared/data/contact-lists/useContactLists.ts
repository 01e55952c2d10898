import type { ContactListBody, ContactListDto, ContactListItemBody, ContactListItemDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadStreamed } from '../../api/download';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../hooks/useInfiniteSearch';
import { useSocketEvent } from '../../socket/useSocketEvent';

export const contactListKeys = {
  all: ['contactLists'] as const,
  page: ['contactLists', 'page'] as const,
  one: (id: number) => ['contactLists', 'one', id] as const,
  items: (id: number) => ['contactLists', 'items', id] as const,
  refs: ['contactLists', 'refs'] as const,
};

/** GET /contact-lists (records, hasMore) kept live by company-{id}-ContactList events. */
export function useContactListsPage() {
  const qc = useQueryClient();
  const table = useInfiniteSearch<ContactListDto>({
    queryKey: contactListKeys.page,
    fetchPage: ({ searchParam, pageNumber, signal }) =>
      api.get<{ records: ContactListDto[]; hasMore: boolean }>('/contact-lists', {
        query: { searchParam: searchParam || undefined, pageNumber },
        signal,
      }),
  });
  useSocketEvent('ContactList', (e) => {
    if (e.action === 'delete' && e.id) removeRecord<ContactListDto>(qc, contactListKeys.page, e.id, (r) => r.id);
    else if (e.record) {
      upsertRecord<ContactListDto>(qc, contactListKeys.page, e.record as ContactListDto, (r) => r.id);
      qc.setQueryData(contactListKeys.one((e.record as ContactListDto).id), e.record);
    }
    void qc.invalidateQueries({ queryKey: contactListKeys.refs });
  });
  return table;
}

export function useContactList(id: number) {
  const qc = useQueryClient();
  useSocketEvent('ContactList', (e) => {
    if (e.record && (e.record as ContactListDto).id === id) qc.setQueryData(contactListKeys.one(id), e.record);
  });
  return useQuery({
    queryKey: contactListKeys.one(id),
    queryFn: ({ signal }) => api.get<ContactListDto>(`/contact-lists/${id}`, { signal }),
  });
}

/** GET /contact-lists/list for selectors. */
export function useContactListRefs() {
  return useQuery({
    queryKey: contactListKeys.refs,
    queryFn: ({ signal }) => api.get<{ id: number; name: string; contactsCount: number }[]>('/contact-lists/list', { signal }),
  });
}

export function useSaveContactList() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactListBody }) =>
      id ? api.put<ContactListDto>(`/contact-lists/${id}`, body) : api.post<ContactListDto>('/contact-lists', body),
  });
}

export function useDeleteContactList() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/contact-lists/${id}`) });
}

export function useUploadContactList() {
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ importStatus: string }>(`/contact-lists/${id}/upload`, form);
    },
  });
}

export function useAddTagToList() {
  return useMutation({
    mutationFn: ({ id, tagId }: { id: number; tagId: number }) =>
      api.post<{ added: number }>(`/contact-lists/${id}/add-tag`, { tagId }),
  });
}

/** POST /contact-lists/:id/check-whatsapp: look the unchecked numbers up through the company's QR connection. */
export function useCheckWhatsapp() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ queued: boolean }>(`/contact-lists/${id}/check-whatsapp`, {}),
  });
}

export const downloadSample = () => downloadStreamed('/contact-lists/sample', {}, 'contact-list-sample.xlsx');

/** GET /contact-list-items (contacts, hasMore) of one list, kept live by ContactListItem events (reload after an import). */
export function useContactListItems(contactListId: number) {
  const qc = useQueryClient();
  const key = contactListKeys.items(contactListId);
  const table = useInfiniteSearch<ContactListItemDto>({
    queryKey: key,
    fetchPage: async ({ searchParam, pageNumber, signal }) => {
      const page = await api.get<{ contacts: ContactListItemDto[]; hasMore: boolean }>('/contact-list-items', {
        query: { searchParam: searchParam || undefined, pageNumber, contactListId },
        signal,
      });
      return { records: page.contacts, hasMore: page.hasMore };
    },
  });
  useSocketEvent('ContactListItem', (e) => {
    if (e.action === 'reload') {
      if (e.id === contactListId) void qc.invalidateQueries({ queryKey: key });
    } else if (e.action === 'delete' && e.id) removeRecord<ContactListItemDto>(qc, key, e.id, (r) => r.id);
    else if (e.record && (e.record as ContactListItemDto).contactListId === contactListId)
      upsertRecord<ContactListItemDto>(qc, key, e.record as ContactListItemDto, (r) => r.id);
  });
  return table;
}

export function useSaveContactListItem() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactListItemBody }) =>
      id
        ? api.put<ContactListItemDto>(`/contact-list-items/${id}`, body)
        : api.post<ContactListItemDto>('/contact-list-items', body),
  });
}

export function useDeleteContactListItem() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/contact-list-items/${id}`) });
}
