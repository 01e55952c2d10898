import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, orEmpty } from '../../../shared/api/client';
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

/** GET /tickets?withUnreadMessages=true, kept fresh by ticket and message events. */
export function useUnreadTickets() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: UNREAD_TICKETS_KEY,
    queryFn: () =>
      orEmpty(api.get<TicketsPage>('/tickets', { query: { withUnreadMessages: 'true', pageNumber: 1 } }), {
        tickets: [],
        hasMore: false,
        count: 0,
      }),
    retry: false,
    staleTime: 30_000,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: UNREAD_TICKETS_KEY });
  useSocketEvent('ticket', (event) => {
    // reading or removing a ticket takes it off the list at once; anything else is re-read
    if (event.action === 'delete' || event.action === 'removeFromList') {
      queryClient.setQueryData<TicketsPage>(UNREAD_TICKETS_KEY, (data) =>
        data
          ? { ...data, tickets: data.tickets.filter((t) => t.id !== event.ticketId), count: Math.max(0, data.count - 1) }
          : data,
      );
      return;
    }
    refresh();
  });
  useSocketEvent('appMessage', () => refresh());

  const tickets = (query.data?.tickets ?? []).filter((t) => (t.unreadMessages ?? 1) > 0);
  return { tickets, count: tickets.length, isLoading: query.isLoading, isError: query.isError };
}
