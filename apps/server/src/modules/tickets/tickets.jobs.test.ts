import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, rows, type TestUser, ticketRow } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { sweepIdleTicketsJob } from './tickets.jobs';

let t: TestContext;
let a: Tenant;
let ana: TestUser;
let queue: number;

const req = (method: 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });
const sweep = () => t.deps.jobs.runNow(sweepIdleTicketsJob, {});
/** Moves every message of the ticket `minutes` into the past. */
const age = (ticketId: number, minutes: number) =>
  t.database.db.execute(
    sql`UPDATE messages SET created_at = now() - make_interval(mins => ${minutes}) WHERE ticket_id = ${ticketId}`,
  );

async function openTicket(conn: { id: number }) {
  const w = await customerWrites(t, conn.id);
  await req('PUT', `/tickets/${w.ticketId}`, ana.token, { status: 'open' });
  return w.ticketId;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  queue = await addQueue(t, a);
  ana = await addUser(t, a, { queueIds: [queue], name: 'Ana' });
});
afterAll(async () => t?.close());

describe('automatic closing (seed 000 §9: 24 h from the environment)', () => {
  it('closes an attended ticket idle past the default 24 h with expiresInactiveMessage, logs it, tells the rooms', async () => {
    const conn = await addConnection(t, a, {
      queueIds: [queue],
      expiresInactiveMessage: 'Encerramos por inatividade, {{name}}.',
    });
    const idle = await openTicket(conn);
    const recent = await openTicket(conn);
    await age(idle, 24 * 60 + 1);
    await age(recent, 23 * 60);
    const mark = t.realtime.events.length;
    await sweep();
    expect((await ticketRow(t, idle)).status).toBe('closed');
    expect((await ticketRow(t, recent)).status).toBe('open');
    const sent = await rows<{ body: string }>(t, sql`SELECT body FROM messages WHERE ticket_id = ${idle} AND from_me`);
    expect(sent).toEqual([{ body: 'Encerramos por inatividade, Cliente.' }]);
    const logs = await rows<{ type: string; user_id: number | null }>(
      t,
      sql`SELECT type, user_id FROM ticket_logs WHERE ticket_id = ${idle} ORDER BY id`,
    );
    expect(logs.at(-1)).toEqual({ type: 'closed', user_id: null });
    expect(t.realtime.events.slice(mark)).toContainEqual(
      expect.objectContaining({
        event: 'ticket',
        payload: expect.objectContaining({ ticket: expect.objectContaining({ id: idle, status: 'closed' }) }),
      }),
    );
  });

  it("follows the connection's expiresTicket hours and whenExpiresTicket '1' (only after the business's message)", async () => {
    const conn = await addConnection(t, a, { queueIds: [queue], expiresTicket: 2, whenExpiresTicket: '1' });
    const customerLast = await openTicket(conn);
    const businessLast = await openTicket(conn);
    await req('POST', `/messages/${businessLast}`, ana.token, { body: 'Conseguiu resolver?' });
    await age(customerLast, 121);
    await age(businessLast, 121);
    await sweep();
    expect((await ticketRow(t, customerLast)).status).toBe('open');
    expect((await ticketRow(t, businessLast)).status).toBe('closed');
  });

  it('sends inactiveMessage once when the customer is silent for timeInactiveMessage minutes', async () => {
    const conn = await addConnection(t, a, { queueIds: [queue], timeInactiveMessage: 30, inactiveMessage: 'Ainda está aí?' });
    const ticketId = await openTicket(conn);
    await req('POST', `/messages/${ticketId}`, ana.token, { body: 'Pode me enviar o pedido?' });
    await age(ticketId, 29);
    await sweep();
    const count = async () =>
      (await rows(t, sql`SELECT id FROM messages WHERE ticket_id = ${ticketId} AND body = 'Ainda está aí?'`)).length;
    expect(await count()).toBe(0);
    await age(ticketId, 31);
    await sweep();
    expect(await count()).toBe(1);
    await age(ticketId, 60);
    await sweep();
    expect(await count()).toBe(1);
    expect((await ticketRow(t, ticketId)).status).toBe('open');
  });
});
