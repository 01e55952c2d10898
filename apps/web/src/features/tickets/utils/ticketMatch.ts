import type { InboxTab, Ticket } from '../types';

export interface TicketListParams {
  tab: InboxTab;
  searchParam: string;
  searchOnMessages: boolean;
  showAll: boolean;
  queueIds: number[];
  sortTickets: 'ASC' | 'DESC';
}

/** The GET /tickets query of an inbox view. */
export function ticketQuery(p: TicketListParams, pageNumber: number) {
  const status = p.tab === 'search' ? undefined : p.tab;
  return {
    pageNumber,
    status,
    searchParam: p.searchParam || undefined,
    searchOnMessages: p.searchParam ? p.searchOnMessages : undefined,
    showAll: p.showAll,
    queueIds: p.queueIds.length ? JSON.stringify(p.queueIds) : undefined,
    sortTickets: p.sortTickets,
  };
}

/**
 * Whether a ticket that changed belongs in a list (used by live events to move tickets between tabs).
 * `null` means "cannot tell here" (a search): the caller re-reads that list.
 */
export function ticketBelongs(ticket: Ticket, p: TicketListParams, userId: number): boolean | null {
  if (p.tab === 'search' || p.searchParam) return null;
  if (ticket.status !== p.tab) return false;
  if (p.queueIds.length && ticket.queueId !== null && !p.queueIds.includes(ticket.queueId)) return false;
  if (p.tab === 'open' && !p.showAll && ticket.userId !== userId) return false;
  return true;
}
