import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { MessagesPage, Ticket, TicketsPage } from './types';
import type { TicketListParams } from './ticketMatch';
import { ticketKeys } from './keys';
import { applyTicketToCache, LIST_REFETCH_MS, upsertMessage } from './useTicketEvents';

const ME = 7;
const params = (tab: TicketListParams['tab'], over: Partial<TicketListParams> = {}): TicketListParams => ({
  tab,
  searchParam: '',
  searchOnMessages: false,
  showAll: false,
  queueIds: [],
  sortTickets: 'DESC',
  ...over,
});

const ticket = (id: number, over: Partial<Ticket> = {}) =>
  ({
    id,
    uuid: `u-${id}`,
    status: 'pending',
    userId: null,
    queueId: 1,
    contact: { id, name: `C${id}`, urlPicture: '' },
    tags: [],
    lastMessage: 'oi',
    unreadMessages: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  }) as Ticket;

function seed(client: QueryClient, p: TicketListParams, tickets: Ticket[]) {
  client.setQueryData<InfiniteData<TicketsPage>>(ticketKeys.list(p), {
    pages: [{ tickets, hasMore: false, count: tickets.length }],
    pageParams: [1],
  });
}
const ids = (client: QueryClient, p: TicketListParams) =>
  client.getQueryData<InfiniteData<TicketsPage>>(ticketKeys.list(p))?.pages.flatMap((pg) => pg.tickets.map((t) => t.id));
const count = (client: QueryClient, p: TicketListParams) =>
  client.getQueryData<InfiniteData<TicketsPage>>(ticketKeys.list(p))?.pages[0].count;

describe('live ticket events in the cache', () => {
  it('an accepted ticket leaves Pending and goes to the top of Open, counts follow', () => {
    const client = new QueryClient();
    seed(client, params('pending'), [ticket(1), ticket(2)]);
    seed(client, params('open'), [ticket(3, { status: 'open', userId: ME })]);
    applyTicketToCache(client, ticket(1, { status: 'open', userId: ME }), ME);
    expect(ids(client, params('pending'))).toEqual([2]);
    expect(count(client, params('pending'))).toBe(1);
    expect(ids(client, params('open'))).toEqual([1, 3]);
    expect(count(client, params('open'))).toBe(2);
  });

  it("a colleague's ticket does not enter my Open tab unless show-all is on", () => {
    const client = new QueryClient();
    seed(client, params('open'), []);
    seed(client, params('open', { showAll: true }), []);
    applyTicketToCache(client, ticket(5, { status: 'open', userId: 99 }), ME);
    expect(ids(client, params('open'))).toEqual([]);
    expect(ids(client, params('open', { showAll: true }))).toEqual([5]);
  });

  it('an event without tags keeps the tags the list knew', () => {
    const client = new QueryClient();
    const tag = { id: 1, name: 'VIP', color: '#f00', kanban: 0 };
    seed(client, params('pending'), [ticket(1, { tags: [tag], queue: { id: 1, name: 'Vendas', color: '#00f' } })]);
    const partial = { ...ticket(1, { lastMessage: 'novo', queue: null }) } as Partial<Ticket>;
    delete partial.tags;
    applyTicketToCache(client, partial as Ticket, ME);
    const [t] = client.getQueryData<InfiniteData<TicketsPage>>(ticketKeys.list(params('pending')))?.pages[0].tickets ?? [];
    expect(t.tags).toEqual([tag]);
    expect(t.queue).toEqual({ id: 1, name: 'Vendas', color: '#00f' });
    expect(t.lastMessage).toBe('novo');
  });

  it('a searched list, which cannot place a ticket, is read again once after a burst of events', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const searched = params('open', { searchParam: 'maria' });
      seed(client, searched, [ticket(1, { status: 'open', userId: ME })]);
      const spy = vi.spyOn(client, 'invalidateQueries');
      for (let i = 0; i < 10; i++) applyTicketToCache(client, ticket(2, { status: 'open', userId: ME, unreadMessages: i }), ME);
      expect(spy).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(LIST_REFETCH_MS);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith({ queryKey: ticketKeys.list(searched), exact: true });
      // an event after the read starts a new wait
      applyTicketToCache(client, ticket(2, { status: 'open', userId: ME }), ME);
      await vi.advanceTimersByTimeAsync(LIST_REFETCH_MS);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('new messages append to the newest page; updates (acks) replace in place', () => {
    const client = new QueryClient();
    const m = (id: number, ack = 0) => ({ id, ticketId: 9, body: `m${id}`, ack }) as never;
    client.setQueryData<InfiniteData<MessagesPage>>(ticketKeys.messages(9), {
      pages: [
        { messages: [m(2)], hasMore: true },
        { messages: [m(1)], hasMore: false },
      ],
      pageParams: [1, 2],
    });
    upsertMessage(client, m(3), true);
    upsertMessage(client, m(2, 3), false);
    upsertMessage(client, m(4, 1), false);
    const data = client.getQueryData<InfiniteData<MessagesPage>>(ticketKeys.messages(9));
    expect(data?.pages[0].messages.map((x) => [x.id, x.ack])).toEqual([
      [2, 3],
      [3, 0],
    ]);
  });
  it("a stale copy (the send's answer arriving after the job's ack events) never takes the ticks or an edit back", () => {
    const client = new QueryClient();
    const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, s)).toISOString();
    client.setQueryData<InfiniteData<MessagesPage>>(ticketKeys.messages(9), {
      pages: [{ messages: [], hasMore: false }],
      pageParams: [1],
    });
    const sent = { id: 5, ticketId: 9, body: 'Olá', ack: 0, updatedAt: at(0) } as never;
    upsertMessage(client, sent, true); // the socket's create
    upsertMessage(client, { id: 5, ticketId: 9, body: 'Olá!', ack: 3, isEdited: true, updatedAt: at(2) } as never, false);
    upsertMessage(client, sent, true); // the POST answer, late
    const [shown] = client.getQueryData<InfiniteData<MessagesPage>>(ticketKeys.messages(9))?.pages[0].messages ?? [];
    expect(shown).toMatchObject({ id: 5, ack: 3, body: 'Olá!', isEdited: true });
  });
});
