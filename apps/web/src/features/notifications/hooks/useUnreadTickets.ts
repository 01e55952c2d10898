import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orEmpty } from '../../../shared/api/client';
import { invalidateSoon } from '../../../shared/socket/useRefetchOnEvent';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';

/** The part of a ticket the notification popover shows (the full TicketDto arrives with the tickets feature). */
export interface UnreadTicket {
  id: number;
  uuid: string;
  status?: string;
  lastMessage?: string | null;
  updatedAt?: string;
  unreadMessages?: number;
  contact?: { id?: number; name?: string; urlPicture?: string | null } | null;
}

interface TicketsPage {
  tickets: UnreadTicket[];
  hasMore: boolean;
  count: number;
}

export const UNREAD_TICKETS_KEY = ['notifications', 'unreadTickets'] as const;

/** A burst of events is read as one refetch this long after its first event (every signed-in user holds this list). */
export const UNREAD_REFRESH_MS = 1000;

/** GET /tickets?withUnreadMessages=true, kept fresh by ticket and message events; not read while `enabled` is false. */
export function useUnreadTickets(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: UNREAD_TICKETS_KEY,
    enabled,
    queryFn: () =>
      orEmpty(api.get<TicketsPage>('/tickets', { query: { withUnreadMessages: 'true', pageNumber: 1 } }), {
        tickets: [],
        hasMore: false,
        count: 0,
      }),
    retry: false,
    staleTime: 30_000,
  });
  const refreshSoon = () => invalidateSoon(queryClient, UNREAD_TICKETS_KEY, UNREAD_REFRESH_MS);
  useSocketEvent('ticket', (event) => {
    // reading or removing a ticket takes it off the list at once; any other change is read again
    if (event.action !== 'delete' && event.action !== 'removeFromList') return refreshSoon();
    queryClient.setQueryData<TicketsPage>(UNREAD_TICKETS_KEY, (data) =>
      data ? { ...data, tickets: data.tickets.filter((t) => t.id !== event.ticketId), count: Math.max(0, data.count - 1) } : data,
    );
  });
  // A new message counts when it leaves its ticket with unread messages or concerns one the list holds. Acks, edits and
  // downloaded media (appMessage update) change no unread count, and neither does an attendant's message in a ticket
  // the list does not hold.
  useSocketEvent('appMessage', (event) => {
    if (event.action !== 'create') return;
    const ticket = event.ticket as UnreadTicket | undefined;
    const listed = (id: number) =>
      Boolean(queryClient.getQueryData<TicketsPage>(UNREAD_TICKETS_KEY)?.tickets.some((t) => t.id === id));
    if (!ticket || (ticket.unreadMessages ?? 0) > 0 || listed(ticket.id)) refreshSoon();
  });

  const tickets = (query.data?.tickets ?? []).filter((t) => (t.unreadMessages ?? 1) > 0);
  return { tickets, count: tickets.length, isLoading: query.isLoading, isError: query.isError };
}
