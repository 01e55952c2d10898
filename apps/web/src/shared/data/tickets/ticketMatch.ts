import type { TicketStatus } from '@atendo/shared';
import type { InboxTab, Ticket } from './types';

export interface TicketListParams {
  tab: InboxTab;
  searchParam: string;
  searchOnMessages: boolean;
  showAll: boolean;
  queueIds: number[];
  sortTickets: 'ASC' | 'DESC';
  /** The filter panel (seed 000 §2): every tag chosen, any of the connections/users/statuses. */
  filters?: InboxFilters;
}

export interface InboxFilters {
  tags: number[];
  whatsapps: number[];
  users: number[];
  /** Statuses apply to the Search view (the tabs are statuses already). */
  statuses: TicketStatus[];
}

export const NO_FILTERS: InboxFilters = { tags: [], whatsapps: [], users: [], statuses: [] };

export const activeFilterCount = (f?: InboxFilters) =>
  f ? f.tags.length + f.whatsapps.length + f.users.length + f.statuses.length : 0;

const list = (ids: readonly (number | string)[]) => (ids.length ? JSON.stringify(ids) : undefined);

/** The GET /tickets query of an inbox view. */
export function ticketQuery(p: TicketListParams, pageNumber: number) {
  const status = p.tab === 'search' ? undefined : p.tab;
  return {
    pageNumber,
    status,
    searchParam: p.searchParam || undefined,
    searchOnMessages: p.searchParam ? p.searchOnMessages : undefined,
    showAll: p.showAll,
    queueIds: list(p.queueIds),
    sortTickets: p.sortTickets,
    tags: list(p.filters?.tags ?? []),
    whatsapps: list(p.filters?.whatsapps ?? []),
    users: list(p.filters?.users ?? []),
    statusFilter: p.tab === 'search' ? list(p.filters?.statuses ?? []) : undefined,
  };
}

/**
 * Whether a ticket that changed belongs in a list (used by live events to move tickets between tabs).
 * `null` means "cannot tell here" (a search): the caller re-reads that list.
 */
export function ticketBelongs(ticket: Ticket, p: TicketListParams, userId: number): boolean | null {
  if (p.tab === 'search' || p.searchParam) return null;
  // tags and the other filters are not all carried by an event: re-read the list
  if (activeFilterCount(p.filters) > 0) return null;
  if (ticket.status !== p.tab) return false;
  if (p.queueIds.length && ticket.queueId !== null && !p.queueIds.includes(ticket.queueId)) return false;
  if (p.tab === 'open' && !p.showAll && ticket.userId !== userId) return false;
  return true;
}
