import {
  type ContactImportDto,
  type ContactImportMapping,
  type ContactItemDto,
  type ContactPageDto,
  type ContactUploadDto,
  type CreateContactBody,
  DEBOUNCE_MS,
  type UpdateContactBody,
} from '@atendo/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type DownloadProgress, downloadStreamed } from '../../api/download';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import i18n from '../../i18n';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { contactKeys } from './keys';

export { contactKeys };

/** A contact as the pickers show it. */
export interface ContactOption {
  id: number;
  name: string;
  number: string;
}

/** Contact search starts at 3 characters (seed 000 §2 "Dialogs"). */
export const CONTACT_SEARCH_MIN = 3;

/** The pickers' contact search: the first page of GET /contacts, from 3 characters, debounced. */
export function useContactSearch(term: string) {
  const q = useDebouncedValue(term.trim(), DEBOUNCE_MS);
  return useQuery({
    queryKey: contactKeys.search(q),
    enabled: q.length >= CONTACT_SEARCH_MIN,
    queryFn: ({ signal }) =>
      api.get<{ contacts: ContactOption[] }>('/contacts', { query: { searchParam: q, pageNumber: 1 }, signal }),
    select: (d) => d.contacts,
  });
}

/** GET /contacts: pages of 20, searched (lower-cased by the server) and filtered by tags. */
export function useContactsList(searchParam: string, tagIds: number[]) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(searchParam, tagIds),
    queryFn: ({ pageParam, signal }) =>
      api.get<ContactPageDto>('/contacts', {
        query: {
          searchParam: searchParam || undefined,
          pageNumber: pageParam,
          contactTag: tagIds.length ? JSON.stringify(tagIds) : undefined,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ContactItemDto>(`/contacts/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

type ListData = InfiniteData<ContactPageDto>;

/** company-{id}-contact: rows update in place, deleted ones leave, new or imported ones refetch the list. */
export function useContactEvents() {
  const qc = useQueryClient();
  useSocketEvent('contact', (e) => {
    const contact = e.contact as Partial<ContactItemDto> | undefined;
    if (e.action === 'delete' && e.contactId) {
      qc.setQueriesData<ListData>({ queryKey: contactKeys.lists }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                contacts: p.contacts.filter((c) => c.id !== e.contactId),
                count: p.count - 1,
              })),
            }
          : data,
      );
      return;
    }
    if (!contact?.id) {
      void qc.invalidateQueries({ queryKey: contactKeys.lists });
      return;
    }
    let found = false;
    qc.setQueriesData<ListData>({ queryKey: contactKeys.lists }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((p) => ({
              ...p,
              contacts: p.contacts.map((c) => {
                if (c.id !== contact.id) return c;
                found = true;
                return { ...c, ...contact };
              }),
            })),
          }
        : data,
    );
    if (!found && e.action === 'create') void qc.invalidateQueries({ queryKey: contactKeys.lists });
    void qc.invalidateQueries({ queryKey: contactKeys.detail(contact.id) });
  });
}

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateContactBody | UpdateContactBody }) =>
      id ? api.put<ContactItemDto>(`/contacts/${id}`, body) : api.post<ContactItemDto>('/contacts', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/contacts/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** POST /contacts/import/chats: the chats of the connected WhatsApp (QR) become contacts; answers the counts. */
export function useImportPhoneContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ created: number; updated: number; total: number }>('/contacts/import/chats', {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useBlockContact() {
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.put<ContactItemDto>(`/contacts/block/${id}`, { active }),
  });
}

/** POST /contacts/upload (multipart `file`). */
export function useUploadContacts() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<ContactUploadDto>('/contacts/upload', form);
    },
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: (body: { importId: number; mapping: ContactImportMapping; rows?: number[] }) =>
      api.post<ContactImportDto>('/contacts/import', body),
  });
}

/** The import's state: socket progress events land here; a slow poll covers a missed event. */
export function useImportStatus(id: number | null) {
  const qc = useQueryClient();
  useSocketEvent('contactImport', (e) => {
    const record = e.record as ContactImportDto;
    if (record?.id) qc.setQueryData(contactKeys.import(record.id), record);
  });
  return useQuery({
    queryKey: contactKeys.import(id ?? 0),
    queryFn: ({ signal }) => api.get<ContactImportDto>(`/contacts/import/${id}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 3000),
  });
}

/** GET /contacts/export: the .xlsx is streamed by the server, in the UI's language, and saved by the browser. */
export function downloadContactsExport(): Promise<void> {
  return downloadStreamed('/contacts/export', { lang: i18n.language }, 'contacts.xlsx');
}

/** GET /contacts/:id/data-export: everything held about one contact (LGPD), a zip streamed and saved by the browser. */
export function downloadContactData(id: number, onProgress?: (p: DownloadProgress) => void): Promise<void> {
  return downloadStreamed(`/contacts/${id}/data-export`, {}, `contact-${id}.zip`, onProgress);
}

/** POST /contacts/:id/erase (LGPD): cannot be undone; `confirm` repeats the contact's number. */
export function useEraseContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: string }) =>
      api.post<ContactItemDto>(`/contacts/${id}/erase`, { confirm, lang: i18n.language }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
