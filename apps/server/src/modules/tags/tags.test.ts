import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, rows, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext;
let a: Tenant;
let b: Tenant;
let ana: TestUser;
let conn: { id: number };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
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
});
