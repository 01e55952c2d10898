import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addConnection,
  addQueue,
  addUser,
  companySetting,
  customerWrites,
  rows,
  setUserFlags,
  type TestUser,
  ticketEvents,
  ticketRow,
} from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext;
let a: Tenant;
let b: Tenant;
let queueA: number;
let queueB: number;
let connA: { id: number };
let connB: { id: number };
let connNone: { id: number };
/** Attendant of queue A only, no flags. */
let ana: TestUser;
/** Attendant of queue B. */
let bia: TestUser;
/** Attendant of queue A with allTicket, allowGroup, allUserChat (show-all), userClosePendingTicket. */
let caio: TestUser;
let admin: TestUser;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

const list = async (token: string, query: Record<string, string> = {}) => {
  const res = await req('GET', `/tickets?${new URLSearchParams(query)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    tickets: { id: number; status: string; userId: number | null; contact: { number: string } }[];
    hasMore: boolean;
    count: number;
    nextCursor: string | null;
  };
};
const ids = (l: { tickets: { id: number }[] }) => l.tickets.map((x) => x.id);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  queueA = await addQueue(t, a, 'Vendas');
  queueB = await addQueue(t, a, 'Suporte');
  connA = await addConnection(t, a, { queueIds: [queueA] });
  connB = await addConnection(t, a, { queueIds: [queueB] });
  connNone = await addConnection(t, a);
  ana = await addUser(t, a, { queueIds: [queueA], name: 'Ana' });
  bia = await addUser(t, a, { queueIds: [queueB], name: 'Bia' });
  caio = await addUser(t, a, {
    queueIds: [queueA],
    name: 'Caio',
    flags: ['allTicket', 'allowGroup', 'allUserChat', 'userClosePendingTicket'],
  });
  admin = { id: a.adminId, token: a.adminToken };
});
afterAll(async () => t?.close());

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

async function connectionOf(tenant: Tenant) {
  return addConnection(t, tenant);
}

describe('transitions through PUT /tickets/:id (seed 000 §4)', () => {
  it('accept: the caller becomes the owner, status open, log "open", events only to those who may see it', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    const mark = t.realtime.events.length;
    const res = await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open', userId: ana.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ticketId, status: 'open', userId: ana.id, user: { id: ana.id, name: 'Ana' } });
    const events = ticketEvents(t, mark);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.to).toEqual(expect.arrayContaining([`queue:${queueA}`, `user:${ana.id}`, `ticket:${ticketId}`, 'admins']));
      expect(e.to).not.toContain(`queue:${queueB}`);
      expect(e.to).not.toContain('noqueue');
    }
    const logs = (await req('GET', `/tickets-log/${ticketId}`, ana.token)).json();
    expect(logs.map((l: { type: string }) => l.type)).toEqual(['create', 'open']);
    expect(logs[1]).toMatchObject({ user: { id: ana.id, name: 'Ana' }, queue: { id: queueA, name: 'Vendas' } });
  });

  it('accept of a ticket without a queue asks for one (validation.selectQueue), then takes it', async () => {
    const { ticketId } = await customerWrites(t, connNone.id);
    const res = await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'open' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ path: 'queueId', message: 'validation.selectQueue' }] });
    const ok = await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'open', queueId: queueA });
    expect(ok.json()).toMatchObject({ status: 'open', queueId: queueA, userId: caio.id });
  });

  it('accept of a ticket someone else took first answers ERR_OTHER_OPEN_TICKET naming them', async () => {
    const dora = await addUser(t, a, { queueIds: [queueA], name: 'Dora' });
    const { ticketId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open', userId: ana.id });
    const uuid = (await ticketRow(t, ticketId)).uuid;
    for (const late of [dora, caio]) {
      const res = await req('PUT', `/tickets/${ticketId}`, late.token, { status: 'open', userId: late.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'ERR_OTHER_OPEN_TICKET',
        details: { userId: ana.id, userName: 'Ana', queueName: 'Vendas', uuid, status: 'open', ticketId },
      });
    }
    expect((await ticketRow(t, ticketId)).userId).toBe(ana.id);
  });

  it("group ticket events reach only users with allowGroup (never the queue's whole room)", async () => {
    const { ticketId } = await customerWrites(t, connA.id, { group: { id: '120363000000000011@g.us', name: 'Eventos' } });
    const mark = t.realtime.events.length;
    await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'open' });
    const events = ticketEvents(t, mark);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.to).toContain(`user:${caio.id}`);
      expect(e.to).not.toContain(`user:${ana.id}`);
      expect(e.to).not.toContain(`queue:${queueA}`);
      expect(e.to).not.toContain('admins');
    }
  });

  it('a WhatsApp group ticket is accepted into status group', async () => {
    const { ticketId } = await customerWrites(t, connA.id, { group: { id: '120363000000000002@g.us', name: 'Equipe' } });
    const res = await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'open' });
    expect(res.json()).toMatchObject({ status: 'group', userId: caio.id });
  });

  it('greeting after accept: greetingAcceptedMessage is posted when sendGreetingAccepted is on', async () => {
    await companySetting(t, a, 'greetingAcceptedMessage', 'Olá {{name}}, sou {{userName}} de {{queue}}.');
    await companySetting(t, a, 'sendGreetingAccepted', 'enabled');
    const { ticketId } = await customerWrites(t, connA.id, { name: 'Marta' });
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const msgs = await rows<{ body: string; from_me: boolean; is_private: boolean; user_id: number }>(
      t,
      sql`SELECT body, from_me, is_private, user_id FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
    );
    expect(msgs).toEqual([{ body: 'Olá Marta, sou Ana de Vendas.', from_me: true, is_private: false, user_id: ana.id }]);

    // …except for a group ticket whose connection does not take groups as tickets.
    await t.database.db.execute(sql`UPDATE whatsapps SET group_as_ticket = 'disabled' WHERE id = ${connA.id}`);
    const g = await customerWrites(t, connA.id, { group: { id: '120363000000000003@g.us', name: 'Sem saudação' } });
    await t.database.db.execute(sql`UPDATE tickets SET status = 'pending' WHERE id = ${g.ticketId}`);
    await req('PUT', `/tickets/${g.ticketId}`, caio.token, { status: 'open' });
    const none = await rows(t, sql`SELECT id FROM messages WHERE ticket_id = ${g.ticketId} AND from_me`);
    expect(none).toEqual([]);
    await t.database.db.execute(sql`UPDATE whatsapps SET group_as_ticket = 'enabled' WHERE id = ${connA.id}`);
    await companySetting(t, a, 'sendGreetingAccepted', 'disabled');
  });

  it('return to queue: status pending, owner removed, log "pending"', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const res = await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'pending', userId: null });
    expect(res.json()).toMatchObject({ status: 'pending', userId: null, user: null });
    const logs = await rows<{ type: string }>(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${ticketId} ORDER BY id`);
    expect(logs.map((l) => l.type)).toEqual(['create', 'open', 'pending']);
  });

  it('resolve with farewell posts the connection’s complationMessage; without, nothing', async () => {
    await t.database.db.execute(sql`UPDATE whatsapps SET complation_message = 'Obrigado, {{firstName}}!' WHERE id = ${connA.id}`);
    const withFarewell = await customerWrites(t, connA.id, { name: 'João Silva' });
    await req('PUT', `/tickets/${withFarewell.ticketId}`, ana.token, { status: 'open' });
    const res = await req('PUT', `/tickets/${withFarewell.ticketId}`, ana.token, {
      status: 'closed',
      userId: ana.id,
      sendFarewellMessage: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', userId: ana.id });
    expect(res.json().closedAt).toBeTruthy();
    const farewell = await rows<{ body: string }>(
      t,
      sql`SELECT body FROM messages WHERE ticket_id = ${withFarewell.ticketId} AND from_me`,
    );
    expect(farewell).toEqual([{ body: 'Obrigado, João!' }]);

    const silent = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${silent.ticketId}`, ana.token, { status: 'open' });
    await req('PUT', `/tickets/${silent.ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    expect(await rows(t, sql`SELECT id FROM messages WHERE ticket_id = ${silent.ticketId} AND from_me`)).toEqual([]);
    const logs = await rows<{ type: string }>(
      t,
      sql`SELECT type FROM ticket_logs WHERE ticket_id = ${silent.ticketId} ORDER BY id`,
    );
    expect(logs.map((l) => l.type)).toEqual(['create', 'open', 'closed']);
  });

  it('requiredTag: closing is refused with ERR_TICKET_REQUIRES_TAG until the contact (or ticket) has a tag', async () => {
    await companySetting(t, a, 'requiredTag', 'enabled');
    const { ticketId, contactId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const refused = await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'ERR_TICKET_REQUIRES_TAG' });
    expect((await ticketRow(t, ticketId)).status).toBe('open');
    const sync = await req('POST', '/tags/sync', ana.token, { contactId, tags: [{ name: 'Cliente VIP' }] });
    expect(sync.statusCode, sync.body).toBe(200);
    const ok = await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    expect(ok.json()).toMatchObject({ status: 'closed' });
    await companySetting(t, a, 'requiredTag', 'disabled');
  });

  it('ignore (pending → closed) only for admins or userClosePendingTicket; no farewell, amountUsedBotQueues 0', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    await t.database.db.execute(sql`UPDATE tickets SET amount_used_bot_queues = 2 WHERE id = ${ticketId}`);
    const refused = await req('PUT', `/tickets/${ticketId}`, ana.token, {
      status: 'closed',
      amountUsedBotQueues: 0,
      sendFarewellMessage: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const ok = await req('PUT', `/tickets/${ticketId}`, caio.token, {
      status: 'closed',
      amountUsedBotQueues: 0,
      sendFarewellMessage: false,
    });
    expect(ok.json()).toMatchObject({ status: 'closed', amountUsedBotQueues: 0, userId: null });
    expect(await rows(t, sql`SELECT id FROM messages WHERE ticket_id = ${ticketId} AND from_me`)).toEqual([]);
  });

  it('reopen: closed → open with the caller as owner, log "reopen"; refused while the contact has another live ticket', async () => {
    const first = await customerWrites(t, connA.id, { from: '5511900000777' });
    await req('PUT', `/tickets/${first.ticketId}`, ana.token, { status: 'open' });
    await req('PUT', `/tickets/${first.ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    const reopened = await req('PUT', `/tickets/${first.ticketId}`, caio.token, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', userId: caio.id, closedAt: null });
    await req('PUT', `/tickets/${first.ticketId}`, caio.token, { status: 'closed', sendFarewellMessage: false });
    const second = await customerWrites(t, connA.id, { from: '5511900000777' });
    expect(second.ticketId).not.toBe(first.ticketId);
    await req('PUT', `/tickets/${second.ticketId}`, ana.token, { status: 'open' });
    const refused = await req('PUT', `/tickets/${first.ticketId}`, caio.token, { status: 'open' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: {
        userId: ana.id,
        userName: 'Ana',
        queueName: 'Vendas',
        uuid: (await ticketRow(t, second.ticketId)).uuid,
        status: 'open',
      },
    });
    const logs = await rows<{ type: string }>(
      t,
      sql`SELECT type FROM ticket_logs WHERE ticket_id = ${first.ticketId} ORDER BY id`,
    );
    expect(logs.map((l) => l.type)).toEqual(['create', 'open', 'closed', 'reopen', 'closed']);
  });

  it('transfer to a user and queue: open for them, logs transfered/receivedTransfer, msgTransfer kept private', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const mark = t.realtime.events.length;
    const res = await req('PUT', `/tickets/${ticketId}`, ana.token, {
      userId: bia.id,
      queueId: queueB,
      status: 'open',
      isTransfered: true,
      msgTransfer: 'Cliente quer 2ª via',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', userId: bia.id, queueId: queueB });
    const logs = await rows<{ type: string; user_id: number; queue_id: number }>(
      t,
      sql`SELECT type, user_id, queue_id FROM ticket_logs WHERE ticket_id = ${ticketId} ORDER BY id`,
    );
    expect(logs.slice(-2)).toEqual([
      { type: 'transfered', user_id: ana.id, queue_id: queueA },
      { type: 'receivedTransfer', user_id: bia.id, queue_id: queueB },
    ]);
    const notes = await rows(t, sql`SELECT body, is_private FROM messages WHERE ticket_id = ${ticketId} AND from_me`);
    expect(notes).toEqual([{ body: 'Cliente quer 2ª via', is_private: true }]);
    // Both the old queue (to drop it) and the new one (to show it) hear of it.
    const rooms = ticketEvents(t, mark).flatMap((e) => e.to ?? []);
    expect(rooms).toEqual(expect.arrayContaining([`queue:${queueA}`, `queue:${queueB}`, `user:${bia.id}`]));
    // Ana no longer sees it.
    expect((await req('GET', `/tickets/${ticketId}`, ana.token)).statusCode).toBe(404);
  });

  it('transfer to a queue without a user: pending; sendMsgTransfTicket posts the transfer message', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder older clients write
    await companySetting(t, a, 'transferMessage', 'Você foi transferido para ${queue.name}.');
    await companySetting(t, a, 'sendMsgTransfTicket', 'enabled');
    const { ticketId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const res = await req('PUT', `/tickets/${ticketId}`, ana.token, { queueId: queueB, userId: null, isTransfered: true });
    expect(res.json()).toMatchObject({ status: 'pending', userId: null, queueId: queueB });
    const sent = await rows(t, sql`SELECT body, is_private FROM messages WHERE ticket_id = ${ticketId} AND from_me`);
    expect(sent).toEqual([{ body: 'Você foi transferido para Suporte.', is_private: false }]);
    await companySetting(t, a, 'sendMsgTransfTicket', 'disabled');
  });

  it('closeTicketOnTransfer: the ticket closes and a new one starts in the receiving queue', async () => {
    await companySetting(t, a, 'closeTicketOnTransfer', 'true');
    const { ticketId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const res = await req('PUT', `/tickets/${ticketId}`, ana.token, { userId: bia.id, queueId: queueB, isTransfered: true });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json();
    expect(moved.id).not.toBe(ticketId);
    expect(moved).toMatchObject({ status: 'open', userId: bia.id, queueId: queueB });
    expect((await ticketRow(t, ticketId)).status).toBe('closed');
    await companySetting(t, a, 'closeTicketOnTransfer', 'false');
  });

  it('a ticket waiting for LGPD consent cannot be accepted (ERR_TICKET_STATE), only ignored', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'lgpd' WHERE id = ${ticketId}`);
    const res = await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_TICKET_STATE' });
    const ignored = await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'closed', sendFarewellMessage: false });
    expect(ignored.json()).toMatchObject({ status: 'closed' });
  });

  it('useIntegration toggle', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    const res = await req('PUT', `/tickets/${ticketId}`, ana.token, { useIntegration: true });
    expect(res.json()).toMatchObject({ useIntegration: true, status: 'pending' });
  });

  it('closing a closed ticket is refused with ERR_TICKET_STATE', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'closed' });
    const res = await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'closed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_TICKET_STATE' });
  });
});

describe('POST /tickets, DELETE, closeAll', () => {
  it('creates an open ticket for the caller; a duplicate answers ERR_OTHER_OPEN_TICKET with who holds it', async () => {
    const { contactId, ticketId } = await customerWrites(t, connA.id, { name: 'Duplicado' });
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const dup = await req('POST', '/tickets', caio.token, { contactId, queueId: queueA, whatsappId: connA.id, status: 'open' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: {
        userId: ana.id,
        userName: 'Ana',
        queueName: 'Vendas',
        uuid: (await ticketRow(t, ticketId)).uuid,
        status: 'open',
        ticketId,
      },
    });
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    const created = await req('POST', '/tickets', caio.token, {
      contactId,
      queueId: queueA,
      whatsappId: connA.id,
      status: 'open',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'open', userId: caio.id, queueId: queueA, uuid: expect.any(String) });
    const logs = await rows<{ type: string }>(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${created.json().id}`);
    expect(logs.map((l) => l.type)).toEqual(['create']);
  });

  it('requires a queue (validation.selectQueue) and an existing contact', async () => {
    const res = await req('POST', '/tickets', ana.token, { contactId: 1 });
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ path: 'queueId', message: 'validation.selectQueue' }] });
    const missing = await req('POST', '/tickets', ana.token, { contactId: 999999, queueId: queueA });
    expect(missing.json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
  });

  it('delete is for admins; the rooms hear it', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    expect((await req('DELETE', `/tickets/${ticketId}`, caio.token)).statusCode).toBe(403);
    const mark = t.realtime.events.length;
    expect((await req('DELETE', `/tickets/${ticketId}`, admin.token)).statusCode).toBe(204);
    expect(ticketEvents(t, mark)).toContainEqual(
      expect.objectContaining({ payload: { action: 'delete', ticketId }, to: expect.arrayContaining([`queue:${queueA}`]) }),
    );
    expect(await ticketRow(t, ticketId)).toBeUndefined();
  });

  it('closeAll closes the chosen status in the chosen queues, admins only', async () => {
    const one = await customerWrites(t, connB.id);
    expect((await req('POST', '/tickets/closeAll', caio.token, { status: 'pending' })).statusCode).toBe(403);
    const res = await req('POST', '/tickets/closeAll', admin.token, { status: 'pending', selectedQueueIds: [queueB] });
    expect(res.statusCode).toBe(200);
    expect(res.json().closed).toBeGreaterThanOrEqual(1);
    expect((await ticketRow(t, one.ticketId)).status).toBe('closed');
    expect(
      ids(await list(admin.token, { status: 'pending', queueIds: JSON.stringify([queueB]) })).filter((id) => id === one.ticketId),
    ).toEqual([]);
  });
});

describe('LGPD number masking (seed 000 §5)', () => {
  it('profile user sees masked numbers when enableLGPD and lgpdHideNumber are on; admins and groups do not', async () => {
    const { ticketId } = await customerWrites(t, connA.id, { from: '5511987654321', name: 'Privado' });
    const uuid = (await ticketRow(t, ticketId)).uuid;
    const numberSeenBy = async (token: string) => (await req('GET', `/tickets/u/${uuid}`, token)).json().contact.number;
    expect(await numberSeenBy(ana.token)).toBe('5511987654321');
    await companySetting(t, a, 'enableLGPD', 'enabled');
    await companySetting(t, a, 'lgpdHideNumber', 'enabled');
    expect(await numberSeenBy(ana.token)).toBe('5511*******21');
    expect(await numberSeenBy(admin.token)).toBe('5511987654321');
    const inList = (await list(ana.token, { status: 'pending' })).tickets.find((x) => x.id === ticketId);
    expect(inList?.contact.number).toBe('5511*******21');
    const mark = t.realtime.events.length;
    await req('PUT', `/tickets/${ticketId}`, ana.token, { useIntegration: true });
    const evt = ticketEvents(t, mark)[0].payload as { ticket: { contact: { number: string } } };
    expect(evt.ticket.contact.number).toBe('5511*******21');
    const g = await customerWrites(t, connA.id, { group: { id: '120363000000000009@g.us', name: 'Grupo LGPD' } });
    const groupNumber = (await req('GET', `/tickets/u/${(await ticketRow(t, g.ticketId)).uuid}`, caio.token)).json().contact
      .number;
    expect(groupNumber).toBe('120363000000000009@g.us');
    await companySetting(t, a, 'lgpdHideNumber', 'disabled');
    await companySetting(t, a, 'enableLGPD', 'disabled');
  });
});

describe('moments', () => {
  it('the panel needs admin, allowRealTime or showDashboard', async () => {
    expect((await req('GET', '/dashboard/moments', ana.token)).statusCode).toBe(403);
    expect((await req('GET', '/usersMoments', ana.token)).statusCode).toBe(403);
    const res = await req('GET', '/usersMoments', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().every((x: { status: string }) => ['open', 'pending', 'group'].includes(x.status))).toBe(true);
    await setUserFlags(t, ana.id, { allowRealTime: 'enabled' });
    const own = await req('GET', '/dashboard/moments?status=open', ana.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().every((x: { userId: number }) => x.userId === ana.id)).toBe(true);
    await setUserFlags(t, ana.id, { allowRealTime: 'disabled' });
  });
});
