/**
 * The cost of one inbound message, counted in statements (issue 29 item 6; deterministic, not timed): a customer's
 * message into a ticket an attendant holds — the common case — stores the message and publishes it without any other
 * read or transaction, the automation's reaction included. A bot's ticket pays for its decision, and only it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, type TestUser, ticketRow } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { countStatements } from '../../../test/statements';
import { queues } from '../../db/schema';
import { createIngestService } from './ingest.service';

let t: TestContext;
let tenant: Tenant;
let ana: TestUser;
let conn: { id: number };
let queueId: number;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
  queueId = await addQueue(t, tenant, 'Vendas');
  ana = await addUser(t, tenant, { name: 'Ana', queueIds: [queueId] });
  conn = await addConnection(t, tenant, { queueIds: [queueId] });
});
afterAll(() => t?.close());

async function counted(work: () => Promise<unknown>) {
  const counter = countStatements(t.database);
  try {
    await work();
    await t.settled();
  } finally {
    counter.stop();
  }
  return counter;
}

describe('statements of one inbound message', () => {
  // The queue's assignment rule reacts to a ticket starting to wait, never to a message into a held ticket (issue 33).
  it.each([
    ['off', '5511977001122'],
    ['roundRobin', '5511977001133'],
  ])(
    'into a ticket an attendant holds, assignment %s: at most 3 (the store, no automation transaction, no settings read)',
    async (mode, from) => {
      await t.database.db.update(queues).set({ assignmentMode: mode }).where(eq(queues.id, queueId));
      const { ticketId } = await customerWrites(t, conn.id, { from, body: 'Olá' });
      const accepted = await t.app.inject({
        method: 'PUT',
        url: `/tickets/${ticketId}`,
        headers: bearer(ana.token),
        payload: { status: 'open' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      await customerWrites(t, conn.id, { from, body: 'primeira depois do aceite' }); // warms the owner's name

      const counter = await counted(() => customerWrites(t, conn.id, { from, body: 'e mais uma' }));
      expect(counter.statements, counter.texts.join('\n')).toBeLessThanOrEqual(3);
      const after = await ticketRow(t, ticketId);
      expect(after).toMatchObject({ status: 'open', userId: ana.id, unreadMessages: 2 }); // accepting read the first one
      // The inbox heard it: the appMessage carries the ticket with its owner.
      const last = t.realtime.events.filter((e) => e.event === 'appMessage').at(-1);
      expect(last?.payload).toMatchObject({ action: 'create', ticket: { id: ticketId, user: { id: ana.id, name: 'Ana' } } });
    },
  );

  it('a first message answered by a queue menu: the store, one decision and its publication — at most 21 (15 with the setup cached)', async () => {
    const menu = await addConnection(t, tenant, {
      queueIds: [queueId, await addQueue(t, tenant, 'Suporte')],
      greetingMessage: 'Bem-vindo!',
    });
    const { ticketId } = await customerWrites(t, menu.id, { from: '5511977005566', body: 'Oi' }); // warms the connection
    await t.database.db.execute(sql`UPDATE tickets SET status = 'closed' WHERE id = ${ticketId}`);
    const counter = await counted(() => customerWrites(t, menu.id, { from: '5511977005577', body: 'Oi' }));
    // 21 here: 15 plus what a running process holds in its caches and the tests read each time (SETUP_CACHE_SECONDS=0
    // in tests): the connection (ingest's memo) and the decision's five setup reads. Before issue 29's last step: 26.
    expect(counter.statements, counter.texts.join('\n')).toBeLessThanOrEqual(21);
    const menus = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages m JOIN tickets tk ON tk.id = m.ticket_id JOIN contacts c ON c.id = tk.contact_id
        WHERE c.number = '5511977005577' AND m.from_me AND m.data_json->>'automatic' = 'menu'`,
    );
    expect(menus[0].n).toBe(1);
  });

  it('a first message is marked due in its insert and marked done by the decision after ingest returned', async () => {
    const evt = {
      kind: 'message' as const,
      channel: 'whatsappapi' as const,
      connectionId: conn.id,
      timestamp: new Date(),
      externalId: `wamid.due${Date.now()}`,
      from: '5511977003344',
      contactName: 'Bia',
      isGroup: false,
      fromMe: false,
      mediaType: 'text' as const,
      body: 'Oi',
    };
    let stored: number | undefined;
    t.deps.events.on('message.received', (e) => {
      if (e.message.externalId === evt.externalId) stored = e.message.automation;
    });
    const [outcome] = await createIngestService(t.deps).ingest([evt]);
    if (outcome.kind !== 'message') throw new Error(JSON.stringify(outcome));
    expect(stored).toBe(2); // the insert marked it due, and that it opened the ticket
    await t.settled();
    const mark = () =>
      t.database.query<{ automation: number }>('SELECT automation FROM messages WHERE id = $1', [outcome.messageId]);
    expect((await mark())[0].automation).toBe(0);
    expect(await t.modules.automation.drainOverdue(0)).toBe(0); // nothing left for the sweep
  });
});
