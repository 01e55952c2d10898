import { type BaileysStandin, startBaileysStandin } from '@atendo/baileys-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { loadConfig } from '../../config';
import { sendMessageJob } from '../../modules/messages/messages.jobs';
import type { BaileysSessionManager } from './sessions';

/**
 * BAILEYS_STANDIN_URL (test only): two app instances on one database whose QR sockets dial tools/baileys-standin,
 * as the API processes of test:scale do. The lease moves when its owner stops renewing; the stand-in replaces the
 * old socket (440) and the new owner's session is the one that stays CONNECTED.
 */
describe('BAILEYS_STANDIN_URL is a test tool', () => {
  it('is refused when NODE_ENV=production and anywhere but loopback', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BAILEYS_STANDIN_URL: 'tcp://127.0.0.1:4000' })).toThrow(/refused/);
    expect(() => loadConfig({ NODE_ENV: 'test', BAILEYS_STANDIN_URL: 'tcp://10.0.0.5:4000' })).toThrow(/loopback/);
    expect(() => loadConfig({ NODE_ENV: 'test', BAILEYS_STANDIN_URL: 'http://127.0.0.1:4000' })).toThrow(/tcp:/);
    expect(loadConfig({ NODE_ENV: 'test', BAILEYS_STANDIN_URL: 'tcp://127.0.0.1:4000' }).baileysStandinUrl).toBe(
      'tcp://127.0.0.1:4000',
    );
    expect(loadConfig({ NODE_ENV: 'production' }).baileysStandinUrl).toBeUndefined();
  });
});

describe('QR connections driven by the Baileys stand-in across two processes', () => {
  let standin: BaileysStandin;
  let t1: TestContext;
  let t2: TestContext;
  let m1: BaileysSessionManager;
  let m2: BaileysSessionManager;
  let a: Tenant;
  let conn: number;

  beforeAll(async () => {
    standin = await startBaileysStandin();
    t1 = await createTestApp({ env: { BAILEYS_STANDIN_URL: standin.url, INSTANCE_NAME: 'api-1' } });
    t2 = await createTestApp({ shareWith: t1, env: { BAILEYS_STANDIN_URL: standin.url, INSTANCE_NAME: 'api-2' } });
    m1 = t1.app.baileys!.manager;
    m2 = t2.app.baileys!.manager;
    for (const m of [m1, m2]) {
      m.opts.leaseTtlMs = 1_500;
      m.opts.renewEveryMs = 200;
    }
    a = await createTenant(t1);
    const queue = await t1.app.inject({
      method: 'POST',
      url: '/queue',
      headers: bearer(a.adminToken),
      payload: { name: 'Suporte QR', color: '#3366ff' },
    });
    expect(queue.statusCode, queue.body).toBeLessThan(300);
    const res = await t1.app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: bearer(a.adminToken),
      payload: { name: 'QR stand-in', channel: 'whatsapp', queueIds: [queue.json().id] },
    });
    conn = res.json().id;
  });
  afterAll(async () => {
    await t2?.close();
    await t1?.close();
    await standin?.close();
  });

  const status = async () =>
    (await query<{ status: string }>(t1, sql`SELECT status FROM whatsapps WHERE id = ${conn}`))[0]?.status;
  const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const messages = (externalId: string) =>
    query<{ id: number; ticket_id: number }>(
      t1,
      sql`SELECT id, ticket_id FROM messages WHERE whatsapp_id = ${conn} AND external_id = ${externalId}`,
    );

  it('the owner process names itself on the lease and to the stand-in; pairing connects it; a message comes in once', async () => {
    await m1.tick();
    expect(m1.owns(conn)).toBe(true);
    expect(m1.owner).toMatch(/^api-1-\d+-/);
    await until('the socket to dial the stand-in', () => standin.devices.get(conn)?.owner === m1.owner);
    standin.pair(conn, '5511977776666');
    await until('CONNECTED', async () => (await status()) === 'CONNECTED');
    const id = standin.deliverText(conn, { from: '5511988887777', body: 'Oi pelo QR', pushName: 'Maria' });
    await until('the message', async () => (await messages(id)).length === 1);
  });

  it('another process takes the connection over when the owner stops renewing; one message, one ticket', async () => {
    m2.start();
    m1.start();
    // the sentinel: m2's lease pass start() began, then one more, have run while m1 renews
    await m2.tick();
    await m2.tick();
    expect(m2.owns(conn)).toBe(false);
    t1.realtime.events.length = 0;
    m1.halt(); // frozen: no renewals, its socket still open
    await until('the takeover', () => m2.owns(conn) && standin.devices.get(conn)?.owner === m2.owner, 6_000);
    // The stand-in knows the device is paired: the new socket opens at once; the old one was replaced (440).
    await until('CONNECTED on the new owner', async () => m2.session(conn)?.status === 'CONNECTED');
    await m2.session(conn)!.idle(); // the session says CONNECTED before its row does: the event's write is still under way
    expect(await status()).toBe('CONNECTED');
    expect(standin.devices.get(conn)!.owners).toEqual([m1.owner, m2.owner]);
    await m1.tick(); // it wakes up: the lease is gone, its session goes without touching the status
    expect(m1.owns(conn)).toBe(false);
    expect(await status()).toBe('CONNECTED');
    // The replaced socket's process never reported the connection DISCONNECTED (the new owner runs it).
    const fromOld = t1.realtime.events.filter((e) => e.event === 'whatsappSession') as {
      payload: { session: { id: number; status: string } };
    }[];
    const oldStates = fromOld.filter((e) => e.payload.session.id === conn).map((e) => e.payload.session.status);
    expect(oldStates, JSON.stringify(oldStates)).not.toContain('DISCONNECTED');

    const first = standin.deliverText(conn, { from: '5511988887777', body: 'Depois da troca' });
    await until('the message on the new owner', async () => (await messages(first)).length === 1);
    // WhatsApp redelivers it: still one message.
    standin.deliverText(conn, { from: '5511988887777', body: 'Depois da troca', id: first });
    await m2.session(conn)!.idle();
    const rows = await messages(first);
    expect(rows).toHaveLength(1);
    const tickets = await query<{ n: number }>(
      t1,
      sql`SELECT count(*)::int AS n FROM tickets t JOIN contacts c ON c.id = t.contact_id
          WHERE t.whatsapp_id = ${conn} AND c.number = '5511988887777' AND t.status IN ('open', 'pending')`,
    );
    expect(tickets[0].n).toBe(1);

    // The business answers through the process that does not own the session: its send job moves to the
    // connection's queue (same attempt, nothing sent, not failed); the owner's run sends it once; a repeated job
    // sends nothing more.
    const accepted = await t1.app.inject({
      method: 'PUT',
      url: `/tickets/${rows[0].ticket_id}`,
      headers: bearer(a.adminToken),
      payload: { status: 'open', userId: a.adminId },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const posted = await t1.app.inject({
      method: 'POST',
      url: `/messages/${rows[0].ticket_id}`,
      headers: bearer(a.adminToken),
      payload: { body: 'Olá, aqui é o atendimento' },
    });
    expect(posted.statusCode).toBeLessThan(300);
    const [out] = await query<{ id: number }>(
      t1,
      sql`SELECT id FROM messages WHERE ticket_id = ${rows[0].ticket_id} AND from_me ORDER BY id DESC LIMIT 1`,
    );
    const job = { messageId: Number(out.id), companyId: a.companyId, attempt: 1 }; // bigint: a string from PostgreSQL
    const queued = () =>
      query<{ name: string; attempt: number }>(
        t1,
        sql`SELECT name, (data->>'attempt')::int AS attempt FROM pgboss.job WHERE name LIKE 'messages.send%' AND (data->>'messageId')::bigint = ${out.id} ORDER BY created_on`,
      );
    const before = (await queued()).length;
    const sends = () => standin.sent.filter((x) => x.content.text === 'Olá, aqui é o atendimento');
    await t1.deps.jobs.runNow(sendMessageJob, job);
    expect(sends()).toHaveLength(0);
    const afterPass = await queued();
    expect(afterPass).toHaveLength(before + 1);
    // moved to the connection's own queue, which only the owner works
    expect(afterPass.at(-1)).toEqual({ name: `messages.send.conn-${conn}`, attempt: 1 });
    const [pending] = await query<{ send_error: string | null; external_id: string | null }>(
      t1,
      sql`SELECT send_error, external_id FROM messages WHERE id = ${out.id}`,
    );
    expect(pending).toEqual({ send_error: null, external_id: null });
    await t2.deps.jobs.runNow(sendMessageJob, job);
    expect(sends()).toHaveLength(1);
    expect(sends()[0]).toMatchObject({ connectionId: conn, owner: m2.owner, jid: '5511988887777@s.whatsapp.net' });
    await t2.deps.jobs.runNow(sendMessageJob, job);
    await t1.deps.jobs.runNow(sendMessageJob, job);
    expect(sends()).toHaveLength(1);
    const [done] = await query<{ external_id: string | null }>(t1, sql`SELECT external_id FROM messages WHERE id = ${out.id}`);
    expect(done.external_id).toBe(sends()[0].id);
  });
});
