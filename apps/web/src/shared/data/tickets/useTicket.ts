import type { TicketLogDto, UpdateTicketBody } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Ticket, TicketDetail, Wire } from './types';
import { ticketKeys } from './keys';
import { applyTicketToCache } from './useTicketEvents';

/** GET /tickets/u/:uuid — the conversation's ticket. */
export function useTicket(uuid: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.detail(uuid ?? ''),
    queryFn: ({ signal }) => api.get<TicketDetail>(`/tickets/u/${uuid}`, { signal }),
    enabled: Boolean(uuid),
    retry: false,
  });
}

/** PUT /tickets/:id — one transition of seed 000 §4 (accept, return, resolve, transfer, reopen). */
export function useUpdateTicket(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTicketBody }) => api.put<Ticket>(`/tickets/${id}`, body),
    onSuccess: (ticket) => {
      if (ticket && typeof ticket === 'object' && 'id' in ticket) applyTicketToCache(client, ticket, userId);
    },
  });
}

export interface CreateTicketInput {
  contactId: number;
  queueId?: number;
  whatsappId?: number | null;
  userId: number;
  status: 'open';
}

/** POST /tickets — a ticket opened by the attendant (ERR_OTHER_OPEN_TICKET names who holds the contact's). */
export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketInput) => api.post<Ticket>('/tickets', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticketKeys.lists });
    },
  });
}

/** DELETE /tickets/:id; the inbox lists refetch. */
export function useDeleteTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/tickets/${id}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticketKeys.lists });
    },
  });
}

/** POST /tickets/closeAll — every ticket of a tab (in the chosen queues) closed; the inbox lists refetch. */
export function useCloseAllTickets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: string; selectedQueueIds?: string }) => api.post<{ closed?: number }>('/tickets/closeAll', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticketKeys.lists });
    },
  });
}

/** GET /tickets-log/:ticketId — who did what to the ticket, oldest first. */
export function useTicketLog(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.log(ticketId),
    queryFn: ({ signal }) => api.get<Wire<TicketLogDto>[]>(`/tickets-log/${ticketId}`, { signal }),
    enabled,
  });
}
