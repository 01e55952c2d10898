import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, rows, type TestUser } from '../../../test/attendance';
import { appWithCompanies, createTenant, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
let ana: TestUser;
let conn: { id: number };

const req = requester(() => t);

beforeAll(async () => {
  [t, a] = await appWithCompanies(1);
  b = await createTenant(t, { planFlags: { useKanban: false } });
  const q = await addQueue(t, a);
  conn = await addConnection(t, a, { queueIds: [q] });
  ana = await addUser(t, a, { queueIds: [q], name: 'Ana' });
});
afterAll(async () => t?.close());

describe('tags', () => {
  it("creates a tag ('Tag muito curta!' under 3 characters; one name per company whatever its case)", async () => {
    const short = await req('POST', '/tags', ana.token, { name: 'ab' });
    expect(short.json().fields).toEqual([{ path: 'name', message: 'validation.tagTooShort' }]);
    const ok = await req('POST', '/tags', ana.token, { name: 'Retorno', color: '#00AA00' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'Retorno', color: '#00AA00', kanban: 0 });
    const dup = await req('POST', '/tags', ana.token, { name: 'RETORNO' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'ERR_TAG_ALREADY_EXISTS' });
    expect((await req('POST', '/tags', b.adminToken, { name: 'Retorno' })).statusCode).toBe(201);
    const lane = await req('POST', '/tags', b.adminToken, { name: 'Lane', kanban: 1 });
    expect(lane.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });

  it('lists the company’s tags with the kanban filter', async () => {
    await req('POST', '/tags', a.adminToken, { name: 'Em negociação', kanban: 1 });
    const lanes = (await req('GET', '/tags/list?kanban=1', ana.token)).json();
    expect(lanes.map((x: { name: string }) => x.name)).toEqual(['Em negociação']);
    const all = (await req('GET', '/tags/list', ana.token)).json();
    expect(all.map((x: { name: string }) => x.name).sort()).toEqual(['Em negociação', 'Retorno']);
  });

  it('syncs a contact’s tags by id and by name (created once, any case); contactTags reads them', async () => {
    const { contactId } = await customerWrites(t, conn.id);
    const existing = (await req('GET', '/tags/list?kanban=0', ana.token)).json()[0];
    const res = await req('POST', '/tags/sync', ana.token, {
      contactId,
      tags: [existing.id, { name: 'Novo Cliente' }, { name: 'novo cliente' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((x: { name: string }) => x.name)).toEqual(['Novo Cliente', 'Retorno']);
    expect((await req('GET', `/contactTags/${contactId}`, ana.token)).json()).toHaveLength(2);
    await req('POST', '/tags/sync', ana.token, { contactId, tags: [] });
    expect((await req('GET', `/contactTags/${contactId}`, ana.token)).json()).toEqual([]);
    expect((await req('GET', `/contactTags/${contactId}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('POST', '/tags/sync', ana.token, { contactId, tags: [999999] })).json()).toEqual({
      error: 'ERR_NO_TAG_FOUND',
    });
    const [n] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM tags WHERE company_id = ${a.companyId} AND lower(name) = 'novo cliente'`,
    );
    expect(n.n).toBe(1);
  });

  it('ticket tags: add one, remove one, and DELETE without a tag removes the kanban lanes only', async () => {
    const { ticketId } = await customerWrites(t, conn.id);
    const list = (await req('GET', '/tags/list', ana.token)).json() as { id: number; kanban: number }[];
    const lane = list.find((x) => x.kanban === 1)!;
    const label = list.find((x) => x.kanban === 0)!;
    expect((await req('PUT', `/ticket-tags/${ticketId}/${lane.id}`, ana.token)).statusCode).toBe(204);
    expect((await req('PUT', `/ticket-tags/${ticketId}/${label.id}`, ana.token)).statusCode).toBe(204);
    expect((await req('PUT', `/ticket-tags/${ticketId}/${label.id}`, ana.token)).statusCode).toBe(204);
    const tagsOf = async () => (await req('GET', `/tickets/${ticketId}`, ana.token)).json().tags.map((x: { id: number }) => x.id);
    expect((await tagsOf()).sort()).toEqual([lane.id, label.id].sort());
    expect((await req('DELETE', `/ticket-tags/${ticketId}`, ana.token)).statusCode).toBe(204);
    expect(await tagsOf()).toEqual([label.id]);
    expect((await req('DELETE', `/ticket-tags/${ticketId}/${label.id}`, ana.token)).statusCode).toBe(204);
    expect(await tagsOf()).toEqual([]);
    expect((await req('PUT', `/ticket-tags/${ticketId}/${label.id}`, b.adminToken)).statusCode).toBe(404);
  });

  it('tags page: form rules (Mensagem muito curta, position 0–15), search and paging with counts, update, delete', async () => {
    const tenant = await createTenant(t);
    const tok = tenant.userToken;
    const bad = await req('POST', '/tags', tok, { name: 'Ok1', position: 16 });
    expect(bad.json().fields).toEqual([{ path: 'position', message: 'validation.max15' }]);
    expect((await req('POST', '/tags', tok, { name: 'Ok1', position: -1 })).json().fields).toEqual([
      { path: 'position', message: 'validation.min0' },
    ]);
    // Lane hours are whole hours (issue 31 item 13): 1.5 and -1 are refused with the rule's message.
    for (const timeLane of [1.5, -1])
      expect((await req('POST', '/tags', tok, { name: 'Lane X', kanban: 1, timeLane })).json().fields).toEqual([
        { path: 'timeLane', message: 'validation.wholeHours' },
      ]);
    const created = await req('POST', '/tags', tok, {
      name: 'Lane A',
      kanban: 1,
      position: 3,
      timeLane: 2,
      greetingMessageLane: 'Oi',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ position: 3, timeLane: 2, greetingMessageLane: 'Oi' });
    expect(created.json().color).toMatch(/^#[0-9a-f]{6}$/);
    const lane = created.json();
    const shortPut = await req('PUT', `/tags/${lane.id}`, tok, { name: 'ab' });
    expect(shortPut.json().fields).toEqual([{ path: 'name', message: 'validation.tagNameTooShort' }]);
    expect((await req('PUT', `/tags/${lane.id}`, tok, { name: '' })).json().fields).toEqual([
      { path: 'name', message: 'validation.required' },
    ]);
    expect((await req('PUT', `/tags/${lane.id}`, tok, { name: 'Lane B', nextLaneId: 999999 })).json()).toEqual({
      error: 'ERR_NO_TAG_FOUND',
    });
    const before = t.realtime.events.length;
    const put = await req('PUT', `/tags/${lane.id}`, tok, { name: 'Lane B', color: '#112233', position: null });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Lane B', color: '#112233', position: 0 });
    const ev = t.realtime.events.slice(before).find((e) => e.event === 'tag');
    expect(ev).toMatchObject({
      companyId: tenant.companyId,
      payload: { action: 'update', tag: { id: lane.id, contactsCount: 0 } },
    });
    for (let i = 0; i < 22; i++) await req('POST', '/tags', tok, { name: `Etiqueta ${String(i).padStart(2, '0')}` });
    const p1 = (await req('GET', '/tags?searchParam=etiqueta&pageNumber=1', tok)).json();
    expect(p1.tags).toHaveLength(20);
    expect(p1).toMatchObject({ hasMore: true, count: 22 });
    expect((await req('GET', '/tags?searchParam=etiqueta&pageNumber=2', tok)).json().hasMore).toBe(false);
    expect((await req('GET', '/tags?kanban=1', tok)).json().tags.map((x: { name: string }) => x.name)).toEqual(['Lane B']);
    // the lane admin lists lanes in the board's order (position), not by name
    await req('POST', '/tags', tok, { name: 'Aaa primeira por nome', kanban: 1, position: 5 });
    await req('POST', '/tags', tok, { name: 'Zzz primeira na ordem', kanban: 1, position: 1 });
    expect((await req('GET', '/tags?kanban=1', tok)).json().tags.map((x: { name: string }) => x.name)).toEqual([
      'Lane B',
      'Zzz primeira na ordem',
      'Aaa primeira por nome',
    ]);
    expect((await req('GET', `/tags/${lane.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('DELETE', `/tags/${lane.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('DELETE', `/tags/${lane.id}`, tok)).statusCode).toBe(204);
    expect((await req('GET', `/tags/${lane.id}`, tok)).statusCode).toBe(404);
  });

  it("lanes: nextLaneId / rollbackLaneId sent as [] or 0 (as the seeds' client does) mean no lane; [id] is that lane (issue 37)", async () => {
    const tenant = await createTenant(t);
    const tok = tenant.adminToken;
    const created = await req('POST', '/tags', tok, {
      name: 'Lane vazia',
      kanban: 1,
      color: '#223344',
      nextLaneId: [],
      rollbackLaneId: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ nextLaneId: null, rollbackLaneId: null });
    const zero = await req('POST', '/tags', tok, { name: 'Lane zero', kanban: 1, nextLaneId: 0, rollbackLaneId: '0' });
    expect(zero.statusCode, zero.body).toBe(201);
    expect(zero.json()).toMatchObject({ nextLaneId: null, rollbackLaneId: null });
    const first = created.json().id;
    const linked = await req('PUT', `/tags/${zero.json().id}`, tok, {
      name: 'Lane zero',
      nextLaneId: [first],
      rollbackLaneId: first,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ nextLaneId: first, rollbackLaneId: first });
    const cleared = await req('PUT', `/tags/${zero.json().id}`, tok, { name: 'Lane zero', nextLaneId: [], rollbackLaneId: 0 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ nextLaneId: null, rollbackLaneId: null });
    // Still refused: a negative id, two lanes at once, another company's lane.
    expect((await req('POST', '/tags', tok, { name: 'Lane neg', nextLaneId: -1 })).statusCode).toBe(400);
    expect((await req('POST', '/tags', tok, { name: 'Lane dupla', nextLaneId: [first, first] })).statusCode).toBe(400);
    expect(
      (await req('PUT', `/tags/${zero.json().id}`, a.adminToken, { name: 'Lane zero', nextLaneId: [first] })).statusCode,
    ).toBe(404);
    const foreign = await req('POST', '/tags', a.adminToken, { name: 'Lane alheia', nextLaneId: [first] });
    expect(foreign.json()).toEqual({ error: 'ERR_NO_TAG_FOUND' });
  });

  it('tag contacts: counts, the dialog list, DELETE /tags-contacts removes one link and publishes tag and contact events', async () => {
    const tag = (await req('POST', '/tags', ana.token, { name: 'Dialogo' })).json();
    const c1 = (await req('POST', '/contacts', ana.token, { name: 'Zé', number: '5511933330001' })).json();
    const c2 = (await req('POST', '/contacts', ana.token, { name: 'Ari', number: '5511933330002' })).json();
    await req('POST', '/tags/sync', ana.token, { contactId: c1.id, tags: [tag.id] });
    await req('POST', '/tags/sync', ana.token, { contactId: c2.id, tags: [tag.id] });
    const row = (await req('GET', `/tags?tagId=${tag.id}`, ana.token)).json().tags[0];
    expect(row).toMatchObject({ id: tag.id, contactsCount: 2, ticketsCount: 0 });
    const list = (await req('GET', `/tags/${tag.id}/contacts`, ana.token)).json();
    expect(list).toEqual({
      contacts: [
        { id: c2.id, name: 'Ari', number: '5511933330002' },
        { id: c1.id, name: 'Zé', number: '5511933330001' },
      ],
      hasMore: false,
      count: 2,
    });
    expect((await req('DELETE', `/tags-contacts/${tag.id}/${c1.id}`, b.adminToken)).statusCode).toBe(404);
    const before = t.realtime.events.length;
    expect((await req('DELETE', `/tags-contacts/${tag.id}/${c1.id}`, ana.token)).statusCode).toBe(204);
    expect((await req('DELETE', `/tags-contacts/${tag.id}/${c1.id}`, ana.token)).statusCode).toBe(404);
    const ev = t.realtime.events.slice(before);
    expect(ev.find((e) => e.event === 'tag')?.payload).toMatchObject({ action: 'update', tag: { id: tag.id, contactsCount: 1 } });
    expect(ev.find((e) => e.event === 'contact')?.payload).toMatchObject({
      action: 'update',
      contactId: c1.id,
      contact: { tags: [] },
    });
    expect((await req('GET', `/contactTags/${c2.id}`, ana.token)).json().map((x: { id: number }) => x.id)).toEqual([tag.id]);
  });
});
