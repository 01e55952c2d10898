import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { addConnection, addQueue, addUser, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';

export let t: TestContext;
export let a: Tenant;
export let b: Tenant;
export let queueA: number;
export let queueB: number;
export let connA: { id: number };
export let connB: { id: number };
export let connNone: { id: number };
/** Attendant of queue A only, no flags. */
export let ana: TestUser;
/** Attendant of queue B. */
export let bia: TestUser;
/** Attendant of queue A with allTicket, allowGroup, allUserChat (show-all), userClosePendingTicket. */
export let caio: TestUser;
export let admin: TestUser;

export const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

export const list = async (token: string, query: Record<string, string> = {}) => {
  const res = await req('GET', `/tickets?${new URLSearchParams(query)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    tickets: { id: number; status: string; userId: number | null; contact: { number: string } }[];
    hasMore: boolean;
    count: number;
    nextCursor: string | null;
  };
};
export const ids = (l: { tickets: { id: number }[] }) => l.tickets.map((x) => x.id);

/** One app for the calling test file: companies a and b, queues, connections and the attendants above. */
export function useTicketsApp() {
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
    // connA takes WhatsApp groups as tickets (the list, transition and masking tests all use a group there).
    await t.database.db.execute(sql`UPDATE whatsapps SET allow_group = true, group_as_ticket = 'enabled' WHERE id = ${connA.id}`);
  });
  afterAll(async () => t?.close());
}

export async function connectionOf(tenant: Tenant) {
  return addConnection(t, tenant);
}
