import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, rows, type TestUser } from '../../../test/attendance';
import { appWithCompanies, requester, type Tenant, type TestContext } from '../../../test/harness';
import { laneAutomationJob } from './kanban.jobs';

let t: TestContext, a: Tenant;
let ana: TestUser;
let conn: { id: number };
let proposal: number, waiting: number;

const req = requester(() => t);
const HOUR = 3_600_000;
const sweepAt = (ms: number) => t.deps.jobs.runNow(laneAutomationJob, { at: new Date(Date.now() + ms).toISOString() });

const laneIds = async (ticketId: number) =>
  (
    await rows<{ tag_id: number }>(
      t,
      sql`SELECT tt.tag_id FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.ticket_id = ${ticketId} AND g.kanban = 1`,
    )
  ).map((r) => Number(r.tag_id));
const automatic = (ticketId: number) =>
  rows<{ body: string }>(
    t,
    sql`SELECT body FROM messages WHERE ticket_id = ${ticketId} AND from_me AND data_json->>'automatic' = 'lane' ORDER BY id`,
  );
const logs = async (ticketId: number) =>
  (
    await rows<{ type: string }>(
      t,
      sql`SELECT type FROM ticket_logs WHERE ticket_id = ${ticketId} AND type LIKE 'lane%' ORDER BY id`,
    )
  ).map((r) => r.type);

beforeAll(async () => {
  [t, a] = await appWithCompanies(1);
  const q = await addQueue(t, a, 'Vendas');
  conn = await addConnection(t, a, { queueIds: [q] });
  ana = await addUser(t, a, { queueIds: [q], name: 'Ana' });
  waiting = (
    await req('POST', '/tags', a.adminToken, {
      name: 'Aguardando cliente',
      kanban: 1,
      position: 2,
      greetingMessageLane: 'Ainda tem interesse, {{firstName}}?',
    })
  ).json().id;
  proposal = (
    await req('POST', '/tags', a.adminToken, {
      name: 'Proposta enviada',
      kanban: 1,
      position: 1,
      timeLane: 2,
      nextLaneId: waiting,
      greetingMessageLane: 'Olá {{firstName}}, sua proposta da fila {{queue}} está em análise.',
    })
  ).json().id;
  const upd = await req('PUT', `/tags/${waiting}`, a.adminToken, {
    name: 'Aguardando cliente',
    kanban: 1,
    rollbackLaneId: proposal,
  });
  expect(upd.statusCode, upd.body).toBe(200);
});
afterAll(async () => t?.close());

describe('lanes that move by themselves', () => {
  it('entering a lane sends its greeting with the placeholders filled, once', async () => {
    const w = await customerWrites(t, conn.id, { name: 'Maria Souza' });
    expect((await req('PUT', `/ticket-tags/${w.ticketId}/${proposal}`, ana.token)).statusCode).toBe(204);
    expect((await req('PUT', `/ticket-tags/${w.ticketId}/${proposal}`, ana.token)).statusCode).toBe(204);
    expect((await automatic(w.ticketId)).map((m) => m.body)).toEqual(['Olá Maria, sua proposta da fila Vendas está em análise.']);
    const events = t.realtime.events.filter((e) => e.event === 'appMessage');
    expect(events.some((e) => JSON.stringify(e.payload).includes('sua proposta da fila Vendas'))).toBe(true);
  });

  it('after timeLane hours without an answer the ticket moves to the next lane (fake clock), greeted and logged', async () => {
    const w = await customerWrites(t, conn.id, { name: 'João Lima' });
    await req('PUT', `/ticket-tags/${w.ticketId}/${proposal}`, ana.token);
    await sweepAt(1 * HOUR);
    expect(await laneIds(w.ticketId)).toEqual([proposal]);
    await sweepAt(2 * HOUR + 60_000);
    expect(await laneIds(w.ticketId)).toEqual([waiting]);
    expect(await logs(w.ticketId)).toEqual(['laneMoved']);
    expect((await automatic(w.ticketId)).map((m) => m.body)).toEqual([
      'Olá João, sua proposta da fila Vendas está em análise.',
      'Ainda tem interesse, João?',
    ]);
    // no answer counted as one: a customer who wrote after entering stays
    const x = await customerWrites(t, conn.id, { name: 'Rita' });
    await req('PUT', `/ticket-tags/${x.ticketId}/${proposal}`, ana.token);
    await customerWrites(t, conn.id, { from: await numberOf(x.ticketId), name: 'Rita', body: 'Recebi, vou ver' });
    await sweepAt(3 * HOUR);
    expect(await laneIds(x.ticketId)).toEqual([proposal]);
  });

  it('an inactive company’s stays do not move until it is switched on again', async () => {
    const w = await customerWrites(t, conn.id, { name: 'Célia' });
    await req('PUT', `/ticket-tags/${w.ticketId}/${proposal}`, ana.token);
    await t.database.db.execute(sql`UPDATE companies SET status = false WHERE id = ${a.companyId}`);
    try {
      await sweepAt(3 * HOUR);
      expect(await laneIds(w.ticketId)).toEqual([proposal]);
    } finally {
      await t.database.db.execute(sql`UPDATE companies SET status = true WHERE id = ${a.companyId}`);
    }
    await sweepAt(3 * HOUR);
    expect(await laneIds(w.ticketId)).toEqual([waiting]);
  });

  it('a customer answer in a lane with a rollback lane moves the ticket back', async () => {
    const w = await customerWrites(t, conn.id, { name: 'Paula' });
    await req('PUT', `/ticket-tags/${w.ticketId}/${waiting}`, ana.token);
    await sweepAt(0);
    expect(await laneIds(w.ticketId)).toEqual([waiting]);
    await customerWrites(t, conn.id, { from: await numberOf(w.ticketId), name: 'Paula', body: 'Tenho sim!' });
    await sweepAt(0);
    expect(await laneIds(w.ticketId)).toEqual([proposal]);
    expect(await logs(w.ticketId)).toEqual(['laneRollback']);
  });

  it('never twice with two workers: concurrent sweeps move and greet a ticket once', async () => {
    const w = await customerWrites(t, conn.id, { name: 'Carla' });
    await req('PUT', `/ticket-tags/${w.ticketId}/${proposal}`, ana.token);
    await Promise.all([sweepAt(3 * HOUR), sweepAt(3 * HOUR), sweepAt(3 * HOUR)]);
    expect(await laneIds(w.ticketId)).toEqual([waiting]);
    expect(await logs(w.ticketId)).toEqual(['laneMoved']);
    expect((await automatic(w.ticketId)).filter((m) => m.body.startsWith('Ainda tem interesse'))).toHaveLength(1);
  });
});

async function numberOf(ticketId: number) {
  const [r] = await rows<{ number: string }>(
    t,
    sql`SELECT c.number FROM tickets k JOIN contacts c ON c.id = k.contact_id WHERE k.id = ${ticketId}`,
  );
  return r.number;
}
