import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import { contactKeys } from '../../../shared/data/contacts/keys';
import { useTagList } from '../../../shared/data/tags/useTags';
import { ticketKeys } from '../../../shared/data/tickets/keys';

import type { ContactInfo } from '../../../shared/data/tickets/types';

export interface Note {
  id: number;
  note: string;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
}

/**
 * The contact drawer's data: the contact, the ticket's notes and the kanban lanes, and the changes it makes (each
 * refreshes the contact and the tickets that show it; a failure is toasted).
 */
export function useContactDrawer(contactId: number, ticketId: number, open: boolean) {
  const client = useQueryClient();
  const contact = useQuery({
    queryKey: contactKeys.detail(contactId),
    queryFn: ({ signal }) => api.get<ContactInfo>(`/contacts/${contactId}`, { signal }),
    enabled: open,
  });
  const notesKey = ticketKeys.notes(ticketId, contactId);
  const notes = useQuery({
    queryKey: notesKey,
    queryFn: ({ signal }) => api.get<Note[]>('/ticket-notes/list', { query: { ticketId, contactId }, signal }),
    enabled: open,
  });
  const lanes = useTagList({ kanban: true }, open);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: contactKeys.detail(contactId) });
    void client.invalidateQueries({ queryKey: ticketKeys.lists });
    void client.invalidateQueries({ queryKey: ticketKeys.details });
  };
  const refreshNotes = () => {
    void client.invalidateQueries({ queryKey: notesKey });
  };
  const save = useMutation({
    mutationFn: (body: { name: string; email: string; number?: string }) => api.put(`/contacts/${contactId}`, body),
    onSuccess: refresh,
    onError: toastError,
  });
  const block = useMutation({
    mutationFn: (active: boolean) => api.put(`/contacts/block/${contactId}`, { active }),
    onSuccess: refresh,
    onError: toastError,
  });
  const audio = useMutation({
    mutationFn: () => api.put(`/contacts/toggleAcceptAudio/${contactId}`),
    onSuccess: refresh,
    onError: toastError,
  });
  const addNote = useMutation({
    mutationFn: (note: string) => api.post('/ticket-notes', { note, ticketId, contactId }),
    onSuccess: refreshNotes,
    onError: toastError,
  });
  const removeNote = useMutation({
    mutationFn: (id: number) => api.delete(`/ticket-notes/${id}`),
    onSuccess: refreshNotes,
    onError: toastError,
  });
  /** A ticket is in one lane: the other lanes' tags come off, the chosen one goes on. */
  const moveLane = useMutation({
    mutationFn: async (tagId: number) => {
      for (const l of lanes.data ?? []) {
        if (l.id !== tagId) await api.delete(`/ticket-tags/${ticketId}/${l.id}`).catch(() => undefined);
      }
      await api.put(`/ticket-tags/${ticketId}/${tagId}`);
    },
    onSuccess: refresh,
    onError: toastError,
  });
  return { contact, notes, lanes, save, block, audio, addNote, removeNote, moveLane };
}
