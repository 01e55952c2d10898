/**
 * Never twice, across a process killed with SIGKILL in the middle of a campaign and a restart: the real server
 * (src/main.ts, its pg-boss workers) runs the dispatch as a child process on the test's PostgreSQL database.
 * PostgreSQL only (an in-memory PGlite cannot be shared with another process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, rows } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { customersWrote, playsMeta } from '../../../test/messaging';
import { cloudTemplatesFromConfig } from '../../channels/cloud-api/templates';
import { createConversationService } from '../conversation/conversation.service';
import { createMessageTemplatesService } from '../message-templates/message-templates.service';
import { sendMessageJob } from '../messages/messages.public';
import { createOutboundService } from '../messages/outbound.service';
import { createTicketsService } from '../tickets/tickets.service';
import { dispatchCampaignJob } from './campaigns.jobs';
import { createCampaignsService } from './campaigns.service';

const onPostgres = Boolean(process.env.DATABASE_URL);
const serverDir = path.resolve(__dirname, '../../..');

let t: TestContext;
let standin: GraphStandin;
let a: Tenant;
let blackhole: Server;
const held: Socket[] = [];
const children: ChildProcess[] = [];
let dataDir: string;

const req = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

/** The server as `npm start` runs it, on the test's database; its channel calls go to a socket that never answers. */
async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const port = (blackhole.address() as { port: number }).port;
  // node itself (not the tsx wrapper, whose child would survive the SIGKILL) runs the server
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      REDIS_URL: '', // one process: no fan-out, and nothing heard by another run sharing the Redis server (CI runs test:scale beside)
      DATABASE_URL: databaseUrl,
      API_PORT: '0',
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      JOBS: 'on',
      DATA_DIR: dataDir,
      JWT_SECRET: t.deps.config.jwtSecret,
      GRAPH_API_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

const counts = async (id: number) =>
  (
    await rows<{ sent: number; pending: number; claimed: number }>(
      t,
      sql`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'pending')::int AS pending,
                 count(*) FILTER (WHERE status = 'claimed')::int AS claimed FROM campaign_shippings WHERE campaign_id = ${id}`,
    )
  )[0];

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

const killed = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

beforeAll(async () => {
  if (!onPostgres) return;
  blackhole = createServer((s) => held.push(s)).listen(0, '127.0.0.1');
  dataDir = mkdtempSync(path.join(tmpdir(), 'atendo-crash-'));
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  a = await createTenant(t);
}, 120_000);
afterAll(async () => {
  if (!onPostgres) return;
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of held) s.destroy();
  blackhole.close();
  await t?.close();
  await standin?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(onPostgres)('a campaign across a killed process', () => {
  it('SIGKILL in the middle, restart: each of 300 numbers gets its message exactly once', async () => {
    const conn = await addConnection(t, a);
    await req('POST', '/campaign-settings', a.adminToken, {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        sabado: true,
        domingo: true,
        startHour: '00:00',
        endHour: '23:59',
      },
    });
    const list = (await req('POST', '/contact-lists', a.adminToken, { name: 'Crash' })).json().id;
    const numbers = Array.from({ length: 300 }, (_, i) => `5511${String(800_000_000 + i)}`);
    await t.database.db.execute(sql`
      INSERT INTO contact_list_items (company_id, contact_list_id, name, number)
      SELECT ${a.companyId}, ${list}, 'Pessoa ' || n, n FROM unnest(${sql.param(numbers)}::text[]) AS n`);
    // They all wrote to the business today: the free-text campaign is inside their 24-hour window.
    await customersWrote(
      t,
      a.companyId,
      conn.id,
      numbers.map((number) => ({ number })),
    );
    const c = (
      await req('POST', '/campaigns', a.adminToken, {
        name: 'Crash',
        whatsappId: conn.id,
        contactListId: list,
        message1: 'Oi {nome}',
      })
    ).json();
    const [{ db }] = await rows<{ db: string }>(t, sql`SELECT current_database() AS db`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${db}`;

    // the first process takes the job the start queued and is killed with about a third sent
    const first = await startServer(url.toString());
    // Started at once by the restart of a cancelled campaign (an inactive one only starts by its schedule's minute tick).
    await t.database.db.execute(sql`UPDATE campaigns SET status = 'CANCELADA' WHERE id = ${c.id}`);
    expect((await req('POST', `/campaigns/${c.id}/restart`, a.adminToken)).statusCode).toBe(200);
    await until(async () => (await counts(c.id)).sent >= 100, 90_000);
    first.kill('SIGKILL');
    await killed(first);
    const atKill = await counts(c.id);
    expect(atKill.sent).toBeLessThan(300);
    // dead for real: nothing moves while no process runs
    await new Promise((r) => setTimeout(r, 1500));
    expect((await counts(c.id)).sent).toBe(atKill.sent);

    // restarted: a new process continues (the dead one's job is still "active" until it expires: the tick re-queues)
    const second = await startServer(url.toString());
    await t.deps.jobs.send(
      dispatchCampaignJob,
      { companyId: a.companyId, campaignId: c.id },
      { singletonKey: `campaign-${c.id}` },
    );
    try {
      await until(async () => {
        const n = await counts(c.id);
        return n.pending === 0 && n.claimed <= 1;
      }, 120_000);
    } finally {
      second.kill('SIGKILL');
      await killed(second);
    }
    // the claim the killed process held is recovered after its lease: linked to its message, or sent now
    const outbound = createOutboundService(t.deps);
    const tickets = createTicketsService(t.deps, outbound);
    const templates = createMessageTemplatesService(t.deps, cloudTemplatesFromConfig(t.deps.config));
    const conversation = createConversationService(t.deps, tickets, outbound, undefined, templates);
    const worker = createCampaignsService(t.deps, conversation, tickets, templates, {
      claimLeaseMs: 0,
      maxSleepMs: 0,
    });
    await worker.dispatch(a.companyId, c.id);
    expect(await counts(c.id)).toEqual({ sent: 300, pending: 0, claimed: 0 });

    const [{ n }] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM messages m JOIN tickets tk ON tk.id = m.ticket_id JOIN contacts ct ON ct.id = tk.contact_id
           WHERE m.company_id = ${a.companyId} AND m.from_me AND ct.number = ANY(${sql.param(numbers)}::text[])`,
    );
    expect(n).toBe(300);
    // the channel: the sends the killed processes could not make, made now
    for (let pass = 0; pass < 3; pass++) {
      const pending = await rows<{ id: string }>(
        t,
        sql`SELECT id FROM messages WHERE company_id = ${a.companyId} AND from_me AND ack = 0 AND external_id IS NULL ORDER BY id`,
      );
      for (const m of pending)
        await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(m.id), companyId: a.companyId, attempt: 1 });
    }
    const got = new Map<string, number>();
    for (const s of standin.sent) got.set(s.to, (got.get(s.to) ?? 0) + 1);
    expect(numbers.filter((x) => got.get(x) !== 1)).toEqual([]);
  }, 400_000);
});
