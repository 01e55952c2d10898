import type { KanbanTicketDto, TagDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { toastError } from '../../../shared/api/errors';
import type { Wire } from '../../../shared/data/tickets/types';
import { useRefetchOnEvent } from '../../../shared/socket/useRefetchOnEvent';
import { kanbanKeys } from './keys';

export type KanbanCard = Wire<KanbanTicketDto>;
export type Lane = Wire<TagDto>;

/** GET /tag/kanban/: the lanes, by position; kept live by tag events. */
export function useLanes() {
  useRefetchOnEvent('tag', kanbanKeys.lanes, 300);
  return useQuery({ queryKey: kanbanKeys.lanes, queryFn: ({ signal }) => api.get<Lane[]>('/tag/kanban/', { signal }) });
}

/**
 * GET /ticket/kanban for the date range. Every ticket or message event the user hears (their queues' tickets) reads
 * the board again after a short burst, so a colleague's move or a new message shows for everyone looking.
 */
export function useKanbanTickets(range: { startDate: string; endDate: string }) {
  const key = kanbanKeys.tickets(range);
  useRefetchOnEvent('ticket', kanbanKeys.allTickets, 300);
  useRefetchOnEvent('appMessage', kanbanKeys.allTickets, 600);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ tickets: KanbanCard[] }>('/ticket/kanban', { query: range, signal }),
  });
}

/** Seed 002 §4: a move removes the ticket's current lane tag and adds the target lane's (none for the default lane). */
export function useMoveCard(range: { startDate: string; endDate: string }) {
  const qc = useQueryClient();
  const key = kanbanKeys.tickets(range);
  return useMutation({
    mutationFn: async ({ card, to }: { card: KanbanCard; to: Lane | null }) => {
      await api.delete(`/ticket-tags/${card.id}`);
      if (to) await api.put(`/ticket-tags/${card.id}/${to.id}`);
    },
    onMutate: async ({ card, to }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<{ tickets: KanbanCard[] }>(key);
      if (before) {
        const tags = [
          ...card.tags.filter((x) => x.kanban !== 1),
          ...(to ? [{ id: to.id, name: to.name, color: to.color, kanban: 1 }] : []),
        ];
        qc.setQueryData(key, { tickets: before.tickets.map((c) => (c.id === card.id ? { ...c, tags } : c)) });
      }
      return { before };
    },
    onError: (err, _v, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
      toastError(err);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: kanbanKeys.allTickets }),
  });
}
