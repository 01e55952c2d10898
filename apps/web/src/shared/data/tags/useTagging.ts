import type { TagRefDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { toastError } from '../../api/errors';
import { useSocketEvent } from '../../socket/useSocketEvent';
import { contactKeys } from '../contacts/keys';
import { ticketKeys } from '../tickets/keys';
import { tagKeys } from './keys';

/** GET /contactTags/:contactId, kept live by the contact events a colleague's change publishes. */
export function useContactTags(contactId: number | null, enabled = true) {
  const qc = useQueryClient();
  useSocketEvent('contact', (e) => {
    const contact = e.contact as { id?: number; tags?: TagRefDto[] } | undefined;
    if (!contactId || e.contactId !== contactId || !contact?.tags) return;
    qc.setQueryData(tagKeys.contact(contactId), contact.tags);
  });
  return useQuery({
    queryKey: tagKeys.contact(contactId ?? 0),
    queryFn: ({ signal }) => api.get<TagRefDto[]>(`/contactTags/${contactId}`, { signal }),
    enabled: Boolean(contactId) && enabled,
  });
}

/** POST /tags/sync: the contact's tags become exactly the chosen ones. */
export function useSyncContactTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, tags }: { contactId: number; tags: TagRefDto[] }) =>
      api.post<TagRefDto[]>('/tags/sync', { contactId, tags: tags.map((t) => t.id) }),
    onSuccess: (tags, v) => {
      qc.setQueryData(tagKeys.contact(v.contactId), tags);
      void qc.invalidateQueries({ queryKey: contactKeys.detail(v.contactId) });
      void qc.invalidateQueries({ queryKey: contactKeys.lists });
      void qc.invalidateQueries({ queryKey: tagKeys.page });
    },
    onError: toastError,
  });
}

/** The difference between two tag lists: what to add and what to remove. */
export function tagDiff(before: TagRefDto[], after: TagRefDto[]) {
  const had = new Set(before.map((t) => t.id));
  const has = new Set(after.map((t) => t.id));
  return { add: after.filter((t) => !had.has(t.id)), remove: before.filter((t) => !has.has(t.id)) };
}

/** PUT|DELETE /ticket-tags/:ticketId/:tagId for each tag added or removed; the ticket event updates every screen. */
export function useSetTicketTags(ticketId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ before, after }: { before: TagRefDto[]; after: TagRefDto[] }) => {
      const { add, remove } = tagDiff(before, after);
      for (const t of remove) await api.delete(`/ticket-tags/${ticketId}/${t.id}`);
      for (const t of add) await api.put(`/ticket-tags/${ticketId}/${t.id}`);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ticketKeys.details });
      void qc.invalidateQueries({ queryKey: tagKeys.page });
    },
    onError: toastError,
  });
}
