/**
 * The automation's setup cache (issue 29 item 3): a decision reads the company's hours and settings, the connection and
 * its queues once per setup change, not once per message — and an admin's change through the API reaches the next
 * decision at once, in this process and (scaled) in every other, through the `setup.changed` event relayed on Redis.
 */

import { randomBytes } from 'node:crypto';
import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, customerWrites, rows } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { playsMeta } from '../../../test/messaging';
import { countStatements } from '../../../test/statements';

const CACHED = { SETUP_CACHE_SECONDS: '30' };
let standin: GraphStandin;

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
});
afterAll(() => standin?.close());

const graphEnv = () => ({ GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' });

async function setGreeting(t: TestContext, tenant: Tenant, connectionId: number, greetingMessage: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/whatsapp/${connectionId}`,
    headers: bearer(tenant.adminToken),
    payload: { greetingMessage },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The bot's texts in the ticket, in order. */
async function botMessagesOf(t: TestContext, ticketId: number) {
  const found = await rows<{ body: string }>(
    t,
    sql`SELECT body FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
  );
  return found.map((r) => r.body);
}

const newNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

describe('one process', () => {
  let t: TestContext;
  let tenant: Tenant;
  let conn: { id: number };

  beforeAll(async () => {
    t = await createTestApp({ env: { ...graphEnv(), ...CACHED } });
    tenant = await createTenant(t);
    const queueId = await addQueue(t, tenant, 'Vendas');
    conn = await addConnection(t, tenant, { queueIds: [queueId], greetingMessage: 'Olá! Bem-vindo.' });
  });
  afterAll(() => t?.close());

  it("a first message's decision reads the setup once; the next ones read only the ticket and its contact", async () => {
    const first = await customerWrites(t, conn.id, { from: newNumber(), body: 'Oi' });
    expect((await botMessagesOf(t, first.ticketId))[0]).toBe('Olá! Bem-vindo.');

    const counter = countStatements(t.database);
    let second: { ticketId: number };
    try {
      second = await customerWrites(t, conn.id, { from: newNumber(), body: 'Oi' });
    } finally {
      counter.stop();
    }
    const setupReads = counter.texts.filter((q) =>
      /from "(whatsapps|company_settings|companies|queues)"|whatsapp_queues/i.test(q),
    );
    expect(setupReads, counter.texts.join('\n')).toEqual([]);
    expect((await botMessagesOf(t, second.ticketId))[0]).toBe('Olá! Bem-vindo.');
  });

  it("an admin's change through the API reaches the very next decision", async () => {
    await setGreeting(t, tenant, conn.id, 'Olá! Agora com horário novo.');
    const next = await customerWrites(t, conn.id, { from: newNumber(), body: 'Oi' });
    expect((await botMessagesOf(t, next.ticketId))[0]).toBe('Olá! Agora com horário novo.');
  });
});

describe('two processes on Redis', () => {
  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!redisUrl)("an admin's change on process A drops process B's setup: B's next decision uses it", async () => {
    const redisKey = `atendo-test-${randomBytes(4).toString('hex')}`;
    const env = { ...graphEnv(), ...CACHED };
    const one = await createTestApp({ env, socket: { redisUrl, redisKey } });
    const two = await createTestApp({ env, socket: { redisUrl, redisKey }, shareWith: one });
    try {
      const tenant = await createTenant(one);
      const queueId = await addQueue(one, tenant, 'Vendas');
      const conn = await addConnection(one, tenant, { queueIds: [queueId], greetingMessage: 'Saudação antiga' });
      const before = await customerWrites(two, conn.id, { from: newNumber(), body: 'Oi' }); // B holds the setup now
      expect((await botMessagesOf(two, before.ticketId))[0]).toBe('Saudação antiga');

      // B hears the relayed signal; a marker signal sent after the change proves the change's arrived first.
      const heard = new Promise<void>((resolve) => two.gateway!.onSignal('test.marker', () => resolve()));
      await setGreeting(one, tenant, conn.id, 'Saudação nova');
      one.gateway!.relaySignal('test.marker', {});
      await heard;

      const after = await customerWrites(two, conn.id, { from: newNumber(), body: 'Oi' });
      expect((await botMessagesOf(two, after.ticketId))[0]).toBe('Saudação nova');
    } finally {
      await two.close();
      await one.close();
    }
  });
});
