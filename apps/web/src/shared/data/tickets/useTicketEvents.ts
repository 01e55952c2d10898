import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../session/context';
import { invalidateSoon } from '../../socket/useRefetchOnEvent';
import { useSocketEvent } from '../../socket/useSocketEvent';
import type { Message, MessagesPage, Ticket, TicketDetail, TicketsPage } from './types';
import { type TicketListParams, ticketBelongs } from './ticketMatch';
import { ticketKeys } from './keys';

const isTicket = (v: unknown): v is Ticket =>
  Boolean(v) && typeof v === 'object' && typeof (v as Ticket).id === 'number' && typeof (v as Ticket).status === 'string';
const isMessage = (v: unknown): v is Message =>
  Boolean(v) && typeof v === 'object' && typeof (v as Message).id === 'number' && typeof (v as Message).ticketId === 'number';

function removeFromLists(client: QueryClient, ticketId: number) {
  client.setQueriesData<InfiniteData<TicketsPage>>({ queryKey: ticketKeys.lists }, (data) => {
    if (!data) return data;
    let removed = 0;
    const pages = data.pages.map((p) => {
      const tickets = p.tickets.filter((t) => t.id !== ticketId);
      removed += p.tickets.length - tickets.length;
      return { ...p, tickets };
    });
    if (!removed) return data;
    return { ...data, pages: pages.map((p, i) => (i === 0 ? { ...p, count: Math.max(0, p.count - removed) } : p)) };
  });
}

/**
 * How long a list that cannot place a changed ticket by itself (a search, filters) waits before it is read again:
 * a burst of events is one read, not a request cancelled and restarted at each message.
 */
export const LIST_REFETCH_MS = 500;

/** A ticket from an event, completed from what the cache already holds, with safe defaults for list rows. */
export function normalizeTicket(incoming: Ticket, known?: Ticket): Ticket {
  const merged = { ...known, ...incoming } as Ticket;
  const contact = { ...known?.contact, ...incoming.contact } as Ticket['contact'];
  // some events send the ids without their refs (user, queue, connection): keep the refs while the ids match
  const keep = <K extends 'user' | 'queue' | 'whatsapp'>(ref: K, id: 'userId' | 'queueId' | 'whatsappId') =>
    incoming[ref] ?? (known && known[id] === merged[id] ? known[ref] : null) ?? null;
  return {
    ...merged,
    user: keep('user', 'userId'),
    queue: keep('queue', 'queueId'),
    whatsapp: keep('whatsapp', 'whatsappId'),
    contact: { ...contact, name: contact?.name ?? '', urlPicture: contact?.urlPicture ?? '' },
    tags: Array.isArray(incoming.tags) ? incoming.tags : (known?.tags ?? []),
    userRating: incoming.userRating ?? known?.userRating ?? null,
    lastMessage: incoming.lastMessage ?? known?.lastMessage ?? '',
    unreadMessages: typeof incoming.unreadMessages === 'number' ? incoming.unreadMessages : (known?.unreadMessages ?? 0),
    updatedAt: incoming.updatedAt ?? known?.updatedAt ?? new Date().toISOString(),
  };
}

/** Puts a changed ticket where it belongs: updated in place, moved to the top of its new tab, gone from the old one. */
export function applyTicketToCache(client: QueryClient, incoming: Ticket, userId: number) {
  // Ingest and outbound events carry a smaller ticket (no tags, rating, sometimes no contact): keep what the cache knows.
  let known: Ticket | undefined;
  for (const [, data] of client.getQueriesData<InfiniteData<TicketsPage>>({ queryKey: ticketKeys.lists })) {
    known ??= data?.pages.flatMap((p) => p.tickets).find((t) => t.id === incoming.id);
  }
  const ticket = normalizeTicket(incoming, known);
  for (const [key, data] of client.getQueriesData<InfiniteData<TicketsPage>>({ queryKey: ticketKeys.lists })) {
    if (!data) continue;
    const params = key[2] as TicketListParams;
    const belongs = ticketBelongs(ticket, params, userId);
    if (belongs === null) {
      invalidateSoon(client, key, LIST_REFETCH_MS, true);
      continue;
    }
    const present = data.pages.some((p) => p.tickets.some((t) => t.id === ticket.id));
    let pages = data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.id !== ticket.id) }));
    if (belongs && pages.length > 0) {
      // the newest activity goes first in a DESC list, last (of what is loaded) in an ASC one
      if (params.sortTickets === 'ASC' && present) {
        pages = data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)) }));
      } else if (params.sortTickets === 'ASC') {
        const last = pages.length - 1;
        pages[last] = { ...pages[last], tickets: [...pages[last].tickets, ticket] };
      } else {
        pages[0] = { ...pages[0], tickets: [ticket, ...pages[0].tickets] };
      }
    }
    const delta = belongs && !present ? 1 : !belongs && present ? -1 : 0;
    if (delta) pages[0] = { ...pages[0], count: Math.max(0, pages[0].count + delta) };
    client.setQueryData(key, { ...data, pages });
  }
  client.setQueriesData<TicketDetail>({ queryKey: ticketKeys.details }, (detail) =>
    detail && detail.id === ticket.id
      ? { ...detail, ...normalizeTicket(incoming, detail), contact: { ...detail.contact, ...ticket.contact } }
      : detail,
  );
}

/** A new or changed message: replaced where it is, or appended to the newest page. */
export function upsertMessage(client: QueryClient, message: Message, appendIfMissing: boolean) {
  client.setQueryData<InfiniteData<MessagesPage>>(ticketKeys.messages(message.ticketId), (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((p) => ({
      ...p,
      messages: p.messages.map((m) => {
        if (m.id !== message.id) return m;
        found = true;
        // A stale copy (the POST answer arriving after the job's ack events) never undoes newer state; acks only go up.
        const stale = Boolean(m.updatedAt && message.updatedAt && Date.parse(message.updatedAt) < Date.parse(m.updatedAt));
        const merged = stale ? { ...message, ...m } : { ...m, ...message };
        return {
          ...merged,
          ack: Math.max(m.ack ?? 0, message.ack ?? 0),
          // ack and edit events carry no quoted message: keep the one already shown
          quotedMsg: message.quotedMsg ?? m.quotedMsg ?? null,
          user: message.user ?? m.user ?? null,
        };
      }),
    }));
    if (!found && appendIfMissing && pages.length > 0) pages[0] = { ...pages[0], messages: [...pages[0].messages, message] };
    return { ...data, pages };
  });
}

/** The one place where ticket and message events reach the query cache (CONVENTIONS "Web"). */
export function useTicketEvents() {
  const client = useQueryClient();
  const user = useCurrentUser();
  useSocketEvent('ticket', (event) => {
    if ((event.action === 'delete' || event.action === 'removeFromList') && typeof event.ticketId === 'number') {
      removeFromLists(client, event.ticketId);
      return;
    }
    if (event.action === 'update' && isTicket(event.ticket)) applyTicketToCache(client, event.ticket, user.id);
  });
  useSocketEvent('appMessage', (event) => {
    if (isMessage(event.message)) upsertMessage(client, event.message, event.action === 'create');
    if (isTicket(event.ticket)) applyTicketToCache(client, event.ticket, user.id);
  });
}
