import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../shared/api/client';
import { ticketKeys } from '../../../shared/data/tickets/keys';
import { type TicketListParams, ticketQuery } from '../../../shared/data/tickets/ticketMatch';
import type { TicketsPage } from '../../../shared/data/tickets/types';

/** One inbox view: GET /tickets paged by pageNumber; live events keep it current (useTicketEvents). */
export function useTickets(params: TicketListParams) {
  const query = useInfiniteQuery({
    queryKey: ticketKeys.list(params),
    queryFn: ({ pageParam, signal }) => api.get<TicketsPage>('/tickets', { query: ticketQuery(params, pageParam), signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const tickets = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((p) => p.tickets)
      .filter((t) => {
        if (seen.has(t.id)) return false;
        seen.add(t.id);
        return true;
      });
  }, [query.data]);
  const count = query.data?.pages[0]?.count ?? 0;
  return { ...query, tickets, count };
}
