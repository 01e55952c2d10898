import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, type TestUser } from '../../../test/attendance';
import { appWithCompanies, createTenant, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant, noKanban: Tenant;
let ana: TestUser, bia: TestUser;
let sales: number, support: number;
let connSales: { id: number }, connSupport: { id: number };

const req = requester(() => t);
type Card = { id: number; contact: { name: string }; lastMessage: string; tags: { id: number }[]; whatsapp: { name: string } };

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  noKanban = await createTenant(t, { planFlags: { useKanban: false } });
  sales = await addQueue(t, a, 'Vendas');
  support = await addQueue(t, a, 'Suporte');
  connSales = await addConnection(t, a, { queueIds: [sales] });
  connSupport = await addConnection(t, a, { queueIds: [support] });
  ana = await addUser(t, a, { queueIds: [sales], name: 'Ana' });
  bia = await addUser(t, a, { queueIds: [support], name: 'Bia' });
});
afterAll(async () => t?.close());

describe('kanban', () => {
  it('GET /tag/kanban/ lists the lanes by position; the plan flag gates it', async () => {
    await req('POST', '/tags', a.adminToken, { name: 'Negociação', kanban: 1, position: 2 });
    await req('POST', '/tags', a.adminToken, { name: 'Contato inicial', kanban: 1, position: 1 });
    await req('POST', '/tags', a.adminToken, { name: 'Etiqueta comum' });
    const lanes = await req('GET', '/tag/kanban/', ana.token);
    expect(lanes.statusCode, lanes.body).toBe(200);
    expect(lanes.json().map((l: { name: string }) => l.name)).toEqual(['Contato inicial', 'Negociação']);
    expect((await req('GET', '/tag/kanban/', noKanban.adminToken)).json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    expect((await req('GET', '/ticket/kanban', noKanban.adminToken)).json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });

  it('GET /ticket/kanban: cards of the user’s own queues only, with their lane tags; another company sees none', async () => {
    const w1 = await customerWrites(t, connSales.id, {
      name: 'Cliente Vendas',
      body: 'Quero comprar cinquenta unidades do produto',
    });
    const w2 = await customerWrites(t, connSupport.id, { name: 'Cliente Suporte', body: 'Meu pedido não chegou' });
    const [lane] = (await req('GET', '/tag/kanban/', a.adminToken)).json();
    expect((await req('PUT', `/ticket-tags/${w1.ticketId}/${lane.id}`, ana.token)).statusCode).toBe(204);

    const anaCards = (await req('GET', '/ticket/kanban', ana.token)).json().tickets as Card[];
    expect(anaCards.map((c) => c.id)).toEqual([w1.ticketId]);
    expect(anaCards[0]).toMatchObject({
      contact: { name: 'Cliente Vendas' },
      lastMessage: 'Quero comprar cinquenta unidades do produto',
    });
    expect(anaCards[0].tags.map((x) => x.id)).toEqual([lane.id]);
    const biaCards = (await req('GET', '/ticket/kanban', bia.token)).json().tickets as Card[];
    expect(biaCards.map((c) => c.id)).toEqual([w2.ticketId]);
    // asking for a queue that is not hers gives nothing
    expect((await req('GET', `/ticket/kanban?queueIds=${JSON.stringify([support])}`, ana.token)).json().tickets).toEqual([]);
    // the admin without queues sees every queue, and can narrow them
    const all = (await req('GET', '/ticket/kanban', a.adminToken)).json().tickets as Card[];
    expect(all.map((c) => c.id).sort()).toEqual([w1.ticketId, w2.ticketId].sort());
    const narrowed = (await req('GET', `/ticket/kanban?queueIds=${JSON.stringify([support])}`, a.adminToken)).json()
      .tickets as Card[];
    expect(narrowed.map((c) => c.id)).toEqual([w2.ticketId]);
    expect((await req('GET', '/ticket/kanban', b.adminToken)).json().tickets).toEqual([]);
  });

  it('the date range reads the last activity in the company’s zone; bad dates are refused', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const inRange = (await req('GET', `/ticket/kanban?startDate=${today}&endDate=${today}`, ana.token)).json().tickets;
    expect(inRange).toHaveLength(1);
    const past = (await req('GET', '/ticket/kanban?startDate=2020-01-01&endDate=2020-01-31', ana.token)).json().tickets;
    expect(past).toEqual([]);
    expect((await req('GET', '/ticket/kanban?startDate=ontem', ana.token)).statusCode).toBe(400);
  });
});
