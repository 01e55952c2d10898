/**
 * The bot across a killed process (issue 29 item 2): the real server (src/main.ts, its pg-boss workers) takes a flood
 * of first messages to a connection with a queue menu and is killed with SIGKILL in the middle — some messages stored
 * and answered, some stored but not yet decided, some never acknowledged. A new process starts and Meta redelivers
 * every webhook: each message is stored once, and each customer's menu, then each answer to it, is stored — and sent —
 * once. PostgreSQL only (an in-memory PGlite cannot be shared with another process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { envelope, type GraphStandin, inbound, signBody, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQueue, rows } from '../../../test/attendance';
import { createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { type CloudConnection, createCloudConnection, playsMeta } from '../../../test/messaging';

const onPostgres = Boolean(process.env.DATABASE_URL);
const serverDir = path.resolve(__dirname, '../../..');
const CUSTOMERS = 60;

let t: TestContext;
let standin: GraphStandin;
let a: Tenant;
let dataDir: string;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it (API only), on the test's database, its Graph API calls to the stand-in. */
function startServer(databaseUrl: string, port: number): ChildProcess {
  // node itself (not the tsx wrapper, whose child would survive the SIGKILL) runs the server
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      REDIS_URL: '', // one process: no fan-out, and nothing heard by another run sharing the Redis server (CI runs test:scale beside)
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      JOBS: 'on',
      DATA_DIR: dataDir,
      JWT_SECRET: t.deps.config.jwtSecret,
      GRAPH_API_URL: standin.url,
      GRAPH_API_VERSION: 'v21.0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

const killed = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function up(port: number) {
  await until(
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
      return res?.status === 200;
    },
    60_000,
    'the server to start',
  );
}

/** A signed webhook as Meta sends it: the same bytes each time it is redelivered. */
function webhook(conn: CloudConnection, from: string, body: string, id: string) {
  const payload = envelope(
    { phoneNumberId: conn.phoneNumberId },
    { messages: [inbound.text({ from, id, body })], contacts: [{ waId: from, name: `Cliente ${from.slice(-3)}` }] },
  );
  standin.rules.observe(payload); // Meta knows the customer wrote: the menu may answer them
  const raw = JSON.stringify(payload);
  return { raw, signature: signBody(raw, conn.appSecret) };
}

async function deliverAll(port: number, conn: CloudConnection, hooks: { raw: string; signature: string }[], concurrency = 10) {
  const statuses: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < hooks.length) {
      const h = hooks[next++];
      const res = await fetch(`http://127.0.0.1:${port}/webhooks/whatsappapi/${conn.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': h.signature },
        body: h.raw,
      }).catch(() => null);
      statuses.push(res?.status ?? 0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return statuses;
}

const botKinds = (companyId: number) =>
  rows<{ number: string; kind: string; n: number; unsent: number }>(
    t,
    sql`SELECT ct.number, m.data_json->>'automatic' AS kind, count(*)::int AS n,
               count(*) FILTER (WHERE m.external_id IS NULL)::int AS unsent
        FROM messages m JOIN tickets tk ON tk.id = m.ticket_id JOIN contacts ct ON ct.id = tk.contact_id
        WHERE m.company_id = ${companyId} AND m.from_me GROUP BY 1, 2`,
  );

beforeAll(async () => {
  if (!onPostgres) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'atendo-crash-'));
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  a = await createTenant(t);
}, 120_000);
afterAll(async () => {
  if (!onPostgres) return;
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await t?.close();
  await standin?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(onPostgres)('the automation across a killed process', () => {
  it('SIGKILL mid-flood with a queue menu, restart, redeliver all: every message once, every menu and answer once', async () => {
    const vendas = await addQueue(t, a, 'Vendas');
    const suporte = await addQueue(t, a, 'Suporte');
    const conn = await createCloudConnection(t, a, { queueIds: [vendas, suporte], greetingMessage: 'Bem-vindo à Loja!' });
    await t.database.db.execute(sql`UPDATE whatsapps SET status = 'CONNECTED' WHERE id = ${conn.id}`);
    const [{ db }] = await rows<{ db: string }>(t, sql`SELECT current_database() AS db`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${db}`;
    const numbers = Array.from({ length: CUSTOMERS }, (_, i) => `55119${String(60_000_000 + i)}`);
    const first = numbers.map((n, i) => webhook(conn, n, 'Oi', `wamid.CRASH1x${i}`));

    // The first process takes the flood and is killed once a third of it is acknowledged.
    const port = await freePort();
    const victim = startServer(url.toString(), port);
    await up(port);
    const flood = deliverAll(port, conn, first);
    await until(
      async () =>
        (
          await rows<{ n: number }>(
            t,
            sql`SELECT count(*)::int AS n FROM messages WHERE company_id = ${a.companyId} AND NOT from_me`,
          )
        )[0].n >=
        CUSTOMERS / 3,
      60_000,
      'a third of the flood',
    );
    victim.kill('SIGKILL');
    await killed(victim);
    await flood;
    const [atKill] = await rows<{ stored: number; due: number; inFlight: number }>(
      t,
      sql`SELECT count(*) FILTER (WHERE NOT from_me)::int AS stored, count(*) FILTER (WHERE automation > 0)::int AS due,
                 (SELECT count(*)::int FROM pgboss.job WHERE name LIKE 'messages.send%' AND state = 'active') AS "inFlight"
          FROM messages WHERE company_id = ${a.companyId}`,
    );
    expect(atKill.stored).toBeLessThan(CUSTOMERS);

    // A new process; Meta redelivers every webhook (acknowledged or not).
    const port2 = await freePort();
    const second = startServer(url.toString(), port2);
    try {
      await up(port2);
      expect((await deliverAll(port2, conn, first)).every((s) => s === 200)).toBe(true);
      const menus = async () => (await botKinds(a.companyId)).filter((r) => r.kind === 'menu');
      await until(async () => (await menus()).length === CUSTOMERS, 180_000, 'every customer to get the menu'); // the dead process's undecided ones wait for their jobs' expiry
      // Each customer then chooses option 1 — Suporte, the menu lists the queues by name — a moment later: Meta's timestamps are in whole seconds, and an
      // answer stamped before the menu was stored is taken as written before it (automation.repository writtenBeforeLastMenu).
      await new Promise((r) => setTimeout(r, 1500));
      const answers = numbers.map((n, i) => webhook(conn, n, '1', `wamid.CRASH2x${i}`));
      expect((await deliverAll(port2, conn, answers)).every((s) => s === 200)).toBe(true);
      await until(
        async () =>
          (
            await rows<{ n: number }>(
              t,
              sql`SELECT count(*)::int AS n FROM tickets WHERE company_id = ${a.companyId} AND queue_id = ${suporte}`,
            )
          )[0].n === CUSTOMERS,
        90_000,
        'every ticket in Suporte',
      ).catch(async (err) => {
        const state = await rows(
          t,
          sql`SELECT status, queue_id, is_bot, amount_used_bot_queues, count(*)::int AS n FROM tickets WHERE company_id = ${a.companyId} GROUP BY 1, 2, 3, 4`,
        );
        const due = await rows(
          t,
          sql`SELECT count(*)::int AS n FROM messages WHERE company_id = ${a.companyId} AND automation > 0`,
        );
        throw new Error(
          `${err.message}: tickets ${JSON.stringify(state)}, due ${JSON.stringify(due)}, kinds ${JSON.stringify(await botKinds(a.companyId)).slice(0, 600)}`,
        );
      });
      // Every bot message handed to the channel (the ones the dead process stored are sent by the new one).
      await until(
        async () => (await botKinds(a.companyId)).every((r) => r.unsent === 0),
        200_000,
        'every bot message sent',
      ).catch(async (err) => {
        const errs = await rows(
          t,
          sql`SELECT send_error, ack, count(*)::int AS n FROM messages WHERE company_id = ${a.companyId} AND from_me GROUP BY 1, 2`,
        );
        const jobs = await rows(t, sql`SELECT name, state, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2`);
        throw new Error(`${err.message}: ${JSON.stringify(errs)} jobs ${JSON.stringify(jobs)} standin ${standin.sent.length}`);
      });
    } finally {
      second.kill('SIGKILL');
      await killed(second);
    }

    const [stored] = await rows<{ inbound: number; tickets: number; due: number }>(
      t,
      sql`SELECT (SELECT count(*)::int FROM messages WHERE company_id = ${a.companyId} AND NOT from_me) AS inbound,
                 (SELECT count(*)::int FROM tickets WHERE company_id = ${a.companyId}) AS tickets,
                 (SELECT count(*)::int FROM messages WHERE company_id = ${a.companyId} AND automation > 0) AS due`,
    );
    expect(stored).toEqual({ inbound: 2 * CUSTOMERS, tickets: CUSTOMERS, due: 0 });
    // Per customer: one menu (greeting + options), one answer entering the queue — no more.
    const kinds = await botKinds(a.companyId);
    for (const n of numbers) {
      const mine = kinds.filter((r) => r.number === n);
      expect(mine.find((r) => r.kind === 'menu')?.n, `menu to ${n}`).toBe(1);
      expect(
        mine.every((r) => r.n === 1),
        `${n}: ${JSON.stringify(mine)}`,
      ).toBe(true);
    }
    // The channel got each of them — the ones the dead process stored but never queued too (messages.requeueUnsent).
    // A send in flight at the SIGKILL (handed to the channel, not yet marked sent) is sent again when its job expires:
    // Meta's API has no idempotency key, so that window is the only place a customer can see a text twice.
    const sentTo = new Map<string, number>();
    for (const s of standin.sent) sentTo.set(s.to, (sentTo.get(s.to) ?? 0) + 1);
    let again = 0;
    for (const n of numbers) {
      const expected = kinds.filter((r) => r.number === n).reduce((sum, r) => sum + r.n, 0);
      expect(sentTo.get(n) ?? 0, `sent to ${n}`).toBeGreaterThanOrEqual(expected);
      again += (sentTo.get(n) ?? 0) - expected;
    }
    expect(again).toBeLessThanOrEqual(atKill.inFlight);
    console.log(
      `crash test: at the SIGKILL ${atKill.stored} of ${CUSTOMERS} first messages stored, ${atKill.due} of them undecided, ` +
        `${atKill.inFlight} sends in flight; ${again} texts sent twice`,
    );
  }, 600_000);
});
