/** Tickets through the API: who sees what, paging, filters and search. Fixtures: tickets.testing.ts. */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addConnection, customerWrites, setUserFlags, ticketRow } from '../../../test/attendance';

import {
  a,
  admin,
  ana,
  b,
  bia,
  caio,
  connA,
  connB,
  connectionOf,
  connNone,
  ids,
  list,
  queueA,
  req,
  t,
  useTicketsApp,
} from './tickets.testing';

useTicketsApp();

describe('ticket list visibility (seed 000 §6)', () => {
  let inA: number;
  let inB: number;
  let noQueue: number;
  let group: number;
  let anaOwn: number;
  let caioOwn: number;

  beforeAll(async () => {
    inA = (await customerWrites(t, connA.id, { name: 'Pedido A' })).ticketId;
    inB = (await customerWrites(t, connB.id, { name: 'Pedido B' })).ticketId;
    noQueue = (await customerWrites(t, connNone.id, { name: 'Sem fila' })).ticketId;
    await t.database.db.execute(sql`UPDATE whatsapps SET allow_group = true, group_as_ticket = 'enabled' WHERE id = ${connA.id}`);
    group = (await customerWrites(t, connA.id, { group: { id: '120363000000000001@g.us', name: 'Grupo' } })).ticketId;
    anaOwn = (await customerWrites(t, connA.id, { name: 'Da Ana' })).ticketId;
    await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${ana.id} WHERE id = ${anaOwn}`);
    caioOwn = (await customerWrites(t, connA.id, { name: 'Do Caio' })).ticketId;
    await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${caio.id} WHERE id = ${caioOwn}`);
  });

  it('an attendant sees the pending tickets of their queues only, and their own', async () => {
    const pending = ids(await list(ana.token, { status: 'pending' }));
    expect(pending).toContain(inA);
    expect(pending).not.toContain(inB);
    expect(pending).not.toContain(noQueue);
    expect(pending).not.toContain(group);
    expect(ids(await list(ana.token, { status: 'open' }))).toEqual([anaOwn]);
    expect(ids(await list(bia.token, { status: 'pending' }))).toEqual([inB]);
  });

  it('tickets without a queue only with allTicket', async () => {
    expect(ids(await list(caio.token, { status: 'pending' }))).toContain(noQueue);
    expect(ids(await list(ana.token, { status: 'pending' }))).not.toContain(noQueue);
  });

  it('group tickets only with allowGroup', async () => {
    expect(ids(await list(caio.token, { status: 'pending' }))).toContain(group);
    expect(ids(await list(ana.token))).not.toContain(group);
    const adminAll = ids(await list(admin.token, { showAll: 'true' }));
    expect(adminAll).not.toContain(group); // the admin's allowGroup is off
    await setUserFlags(t, a.adminId, { allowGroup: 'enabled' });
    expect(ids(await list(admin.token, { showAll: 'true' }))).toContain(group);
    await setUserFlags(t, a.adminId, { allowGroup: 'disabled' });
  });

  it("other users' tickets only with show-all on and allowed", async () => {
    expect(ids(await list(caio.token, { status: 'open' }))).toEqual([caioOwn]);
    expect(ids(await list(caio.token, { status: 'open', showAll: 'true' })).sort()).toEqual([anaOwn, caioOwn].sort());
    // Ana may not turn show-all on (no allUserChat): the flag is ignored.
    expect(ids(await list(ana.token, { status: 'open', showAll: 'true' }))).toEqual([anaOwn]);
  });

  it('an admin sees every queue and queueless tickets; other users’ tickets with show-all', async () => {
    const pending = ids(await list(admin.token, { status: 'pending' }));
    expect(pending).toEqual(expect.arrayContaining([inA, inB, noQueue]));
    expect(ids(await list(admin.token, { status: 'open' }))).toEqual([]);
    expect(ids(await list(admin.token, { status: 'open', showAll: 'true' })).sort()).toEqual([anaOwn, caioOwn].sort());
  });

  it('counts what the query matches', async () => {
    const l = await list(admin.token, { status: 'pending' });
    expect(l.count).toBe(l.tickets.length);
    expect(l.hasMore).toBe(false);
  });

  it('a ticket the user may not see answers 404 (show, log, update)', async () => {
    const uuid = (await ticketRow(t, inB)).uuid;
    expect((await req('GET', `/tickets/u/${uuid}`, ana.token)).statusCode).toBe(404);
    expect((await req('GET', `/tickets/u/${uuid}`, bia.token)).statusCode).toBe(200);
    expect((await req('GET', `/tickets-log/${inB}`, ana.token)).statusCode).toBe(404);
    expect((await req('PUT', `/tickets/${inB}`, ana.token, { status: 'open' })).statusCode).toBe(404);
  });

  it("another company's ticket answers 404 even to its admin", async () => {
    const uuid = (await ticketRow(t, inA)).uuid;
    const res = await req('GET', `/tickets/u/${uuid}`, b.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect(ids(await list(b.adminToken, { showAll: 'true' }))).toEqual([]);
  });
});

describe('paging', () => {
  it('a page holds exactly the tickets asked; pages never skip or repeat rows with equal timestamps', async () => {
    const conn = await addConnection(t, a, { queueIds: [queueA] });
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await customerWrites(t, conn.id, { name: `Igual ${i}` })).ticketId);
    await t.database.db.execute(
      sql`UPDATE tickets SET updated_at = '2030-01-01T00:00:00Z' WHERE id = ANY(${sql.param(made)}::int[])`,
    );
    const query = { status: 'pending', pageSize: '3', whatsapps: JSON.stringify([conn.id]) };
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(await list(admin.token, { ...query, pageNumber: String(p) }));
    expect(pages.map((p) => p.tickets.length)).toEqual([3, 3, 1]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.flatMap(ids)).toEqual([...made].sort((x, y) => y - x));
    expect(pages[0].count).toBe(7);

    const byCursor: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(admin.token, { ...query, ...(cursor ? { cursor } : {}) });
      byCursor.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual([...made].sort((x, y) => y - x));

    const asc = await list(admin.token, { ...query, pageSize: '10', sortTickets: 'ASC' });
    expect(ids(asc)).toEqual([...made].sort((x, y) => x - y));
  });
});

describe('filters and search', () => {
  it('filters by tag (all chosen tags), connection, unread and day', async () => {
    const conn = await addConnection(t, a, { queueIds: [queueA] });
    const one = await customerWrites(t, conn.id, { name: 'Marcado' });
    const two = await customerWrites(t, conn.id, { name: 'Sem tag' });
    const tag = (await req('POST', '/tags', admin.token, { name: 'Urgente', color: '#ff0000' })).json();
    expect((await req('PUT', `/ticket-tags/${one.ticketId}/${tag.id}`, admin.token)).statusCode).toBe(204);
    const filtered = await list(admin.token, { tags: JSON.stringify([tag.id]), whatsapps: String(conn.id) });
    expect(ids(filtered)).toEqual([one.ticketId]);
    expect(filtered.count).toBe(1);
    expect(filtered.tickets[0]).toMatchObject({ tags: [expect.objectContaining({ id: tag.id, name: 'Urgente' })] });
    const unread = await list(admin.token, { withUnreadMessages: 'true', whatsapps: String(conn.id) });
    expect(ids(unread).sort()).toEqual([one.ticketId, two.ticketId].sort());
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    expect(ids(await list(admin.token, { date: today, whatsapps: String(conn.id) })).length).toBe(2);
    expect(ids(await list(admin.token, { date: '2001-01-01', whatsapps: String(conn.id) }))).toEqual([]);
  });

  it('counts of show-all tag and search views (counted from their own index) match the tickets listed', async () => {
    const conn = await addConnection(t, a, { queueIds: [queueA] });
    const tag1 = (await req('POST', '/tags', admin.token, { name: 'Contagem 1' })).json();
    const tag2 = (await req('POST', '/tags', admin.token, { name: 'Contagem 2' })).json();
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await customerWrites(t, conn.id, { name: `Contagem ${i}`, body: `pedido xyzcontagem ${i}` }));
    for (const w of made.slice(0, 4)) await req('PUT', `/ticket-tags/${w.ticketId}/${tag1.id}`, admin.token);
    for (const w of made.slice(2)) await req('PUT', `/ticket-tags/${w.ticketId}/${tag2.id}`, admin.token);
    const all = async (q: Record<string, string>) => {
      const first = await list(admin.token, { ...q, pageSize: '2' });
      const seen = [...ids(first)];
      let cursor = first.nextCursor;
      while (cursor) {
        const next = await list(admin.token, { ...q, pageSize: '2', cursor });
        seen.push(...ids(next));
        expect(next.count).toBe(first.count);
        cursor = next.nextCursor;
      }
      return { count: first.count, seen };
    };
    const one = await all({ showAll: 'true', tags: JSON.stringify([tag1.id]) });
    expect(one).toEqual({
      count: 4,
      seen: made
        .slice(0, 4)
        .map((w) => w.ticketId)
        .reverse(),
    });
    const both = await all({ showAll: 'true', tags: JSON.stringify([tag1.id, tag2.id]) });
    expect(both).toEqual({
      count: 2,
      seen: made
        .slice(2, 4)
        .map((w) => w.ticketId)
        .reverse(),
    });
    const words = await all({ showAll: 'true', searchParam: 'xyzcontagem', searchOnMessages: 'true' });
    expect(words.count).toBe(5);
    expect(words.seen.sort()).toEqual(made.map((w) => w.ticketId).sort());
    // An attendant of the queue counts through the tickets (visibility applies): the same numbers here.
    expect((await list(caio.token, { showAll: 'true', tags: JSON.stringify([tag1.id]) })).count).toBe(4);
    expect((await list(bia.token, { showAll: 'true', tags: JSON.stringify([tag1.id]) })).count).toBe(0);
  });

  it('searches contact names, numbers and — when asked — message contents with full-text search', async () => {
    const conn = await addConnection(t, a, { queueIds: [queueA] });
    const byName = await customerWrites(t, conn.id, { name: 'Josefina Albuquerque', from: '5521987650001' });
    const byText = await customerWrites(t, conn.id, { name: 'Outro', body: 'O boleto da fatura chegou atrasado' });
    const other = await connectionOf(b);
    await customerWrites(t, other.id, { name: 'Concorrente', body: 'minha fatura também' });

    expect(ids(await list(admin.token, { searchParam: 'josefina' }))).toEqual([byName.ticketId]);
    expect(ids(await list(admin.token, { searchParam: '87650001' }))).toEqual([byName.ticketId]);
    expect(ids(await list(admin.token, { searchParam: 'fatura' }))).toEqual([]);
    const found = await list(admin.token, { searchParam: 'fatur', searchOnMessages: 'true' });
    expect(ids(found)).toEqual([byText.ticketId]);
    expect(found.count).toBe(1);
    // Characters that mean something to tsquery or LIKE are only text.
    expect(
      (
        await req(
          'GET',
          `/tickets?${new URLSearchParams({ searchParam: "a & b | !c:* ' % _", searchOnMessages: 'true' })}`,
          admin.token,
        )
      ).statusCode,
    ).toBe(200);
  });
});
