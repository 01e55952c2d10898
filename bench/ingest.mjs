/**
 * Inbound ingest (issues 4 and 29): signed Cloud API webhooks at concurrency 50, in scenarios.
 *
 *   node --import tsx bench/ingest.mjs                 # embedded PGlite in a temp folder
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/ingest.mjs               # a fresh PostgreSQL database per scenario (dropped after)
 *
 * Scenarios (BENCH_SCENARIOS=a,b to choose):
 *   a. the common case: 20,000 messages from 200 contacts into tickets an attendant holds;
 *   b. first messages of 2,000 new conversations to a connection with a queue menu bot (greeting + menu each);
 *   c. first messages of 300 new conversations to a queue answered by an AI prompt: each is answered by the model (the
 *      OpenAI stand-in of tools/graph-standin, reached through the outbound guard) in a job, and the answer is sent;
 *      `answered/s` counts until every model answer is stored — bounded by the stand-in and the job queue, reported;
 *   d. first messages of 2,000 new conversations to a connection with one queue and no bot: each ticket waits in it;
 *   e. the same with the queue's auto-assignment on (round robin, 20 online attendants, no capacity limit): each ticket
 *      is given by the rule (issue 33 item 5: the cost a rule adds is e against d, run together: BENCH_SCENARIOS=d,e).
 * For each: messages/s and webhook latency p50/p95/p99; statements and pool checkouts per message (counted at the
 * driver, pg-boss's own polling included); main-thread CPU ms per message (the thread's own CPU time from /proc —
 * the load generator runs in a worker thread); for b, the time until every reaction (menu) was decided. Then the ceiling: the
 * same rows (message insert + ticket update, one transaction each, same concurrency) by plain SQL in this process.
 * Then the invariants (every message once, one contact per number, one ticket per contact, order kept, each menu once).
 * Env: BENCH_STATEMENTS=1 (print the statements by text), BENCH_CONTACTS (200), BENCH_PER_CONTACT (100), BENCH_NEW (2000), BENCH_AI (300), BENCH_CONCURRENCY (50).
 * Writes bench/results/ingest-<db>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startGraphStandin } from '@atendo/graph-standin';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDatabase } from '../apps/server/src/composition.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, runMigrations } from '../apps/server/src/db/open.ts';
import { insertCompany } from '../apps/server/src/modules/companies/companies.repository.ts';
import { TokenService } from '../apps/server/src/platform/auth.ts';
import { DomainEventBus } from '../apps/server/src/platform/domain-events.ts';
import { Jobs } from '../apps/server/src/platform/jobs.ts';
import { MediaStorage } from '../apps/server/src/platform/media.ts';
import { MemoryRateLimiter } from '../apps/server/src/platform/rate-limit.ts';
import { countStatements } from '../apps/server/test/statements.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const heldContacts = Number(process.env.BENCH_CONTACTS ?? 200);
const heldPerContact = Number(process.env.BENCH_PER_CONTACT ?? 100);
const newConversations = Number(process.env.BENCH_NEW ?? 2000);
const aiConversations = Number(process.env.BENCH_AI ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
/** BENCH_STATEMENTS=1: each scenario also prints its statements grouped by text, per message (what to cut next). */
const showStatements = process.env.BENCH_STATEMENTS === '1';
const scenarios = (process.env.BENCH_SCENARIOS ?? 'a,b').split(',').map((x) => x.trim());
// The ceiling writes as many rows as scenario a.
const contacts = heldContacts;
const perContact = heldPerContact;
const total = contacts * perContact;

function printStatements(name, texts, messages) {
  const by = new Map();
  for (const t of texts) by.set(t, (by.get(t) ?? 0) + 1);
  console.log(`statements of ${name}, per message (${texts.length} for ${messages}):`);
  for (const [t, n] of [...by].sort((x, y) => y[1] - x[1]).slice(0, 40))
    console.log(`${(n / messages).toFixed(2).padStart(6)}  ${t}`);
}

async function openBenchDatabase(dataDir) {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ pgliteDir: path.join(dataDir, 'db') }), drop: async () => {} };
  const name = `atendo_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: u.toString(), poolSize: 20 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** CPU time (ms) of this process's main thread alone, from /proc (Linux); null elsewhere. */
function mainThreadCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100 per second here)
    return ticks * 10;
  } catch {
    return null;
  }
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/** A realtime publisher that only counts (no sockets are connected in the bench). */
class CountingPublisher {
  count = 0;
  publish() {
    this.count++;
  }
}

async function createConnection(database, companyId, phoneNumberId, appSecret) {
  const [row] = await database.query(
    `INSERT INTO whatsapps (company_id, name, channel, status, is_default, token, phone_number_id, access_token, app_secret, verify_token)
     VALUES ($1, 'Bench', 'whatsappapi', 'CONNECTED', true, $2, $3, 'bench-token', $4, 'bench-verify') RETURNING id`,
    [companyId, randomBytes(15).toString('hex'), phoneNumberId, appSecret],
  );
  return row.id;
}

/** The ceiling: the same message rows and ticket updates by plain SQL, one transaction per message, same concurrency. */
async function rawSqlCeiling(database, companyId, whatsappId) {
  const contactIds = [];
  const ticketIds = [];
  for (let c = 0; c < contacts; c++) {
    const [ct] = await database.query(
      `INSERT INTO contacts (company_id, channel, number, name, whatsapp_id) VALUES ($1, 'whatsapp', $2, $3, $4) RETURNING id`,
      [companyId, String(5511970000000 + c), `Cliente ${c}`, whatsappId],
    );
    const [tk] = await database.query(
      `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, channel) VALUES ($1, $2, $3, 'pending', 'whatsappapi') RETURNING id`,
      [companyId, ct.id, whatsappId],
    );
    contactIds.push(ct.id);
    ticketIds.push(tk.id);
  }
  const startTs = Math.floor(Date.now() / 1000) - perContact;
  const write = async (exec, k) => {
    const c = k % contacts;
    const i = Math.floor(k / contacts);
    const body = `mensagem ${i + 1} do cliente ${c}`;
    const at = new Date((startTs + i) * 1000).toISOString();
    await exec(
      `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, media_type, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'text', $7) ON CONFLICT (whatsapp_id, external_id) DO NOTHING`,
      [companyId, ticketIds[c], contactIds[c], whatsappId, `wamid.RAW${c}x${i}`, body, at],
    );
    await exec(
      `UPDATE tickets SET last_message = $2, last_message_at = $3, unread_messages = unread_messages + 1, updated_at = now() WHERE id = $1`,
      [ticketIds[c], body, at],
    );
  };
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < total) {
      const k = next++;
      if (database.kind === 'pglite') {
        await database.pglite.transaction(async (tx) => write((text, params) => tx.query(text, params), k));
      } else {
        const client = await database.pool.connect();
        try {
          await client.query('BEGIN');
          await write((text, params) => client.query(text, params), k);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return (total / (performance.now() - started)) * 1000;
}

/** One scenario on a fresh database: the app in this process, the load from a worker thread. */
async function runScenario(name) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  // The bot's answers are sent to the Graph API stand-in, as a customer's phone would receive them.
  const graph = await startGraphStandin({ appSecret: 'unused' });
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      GRAPH_API_URL: graph.url,
      GRAPH_API_VERSION: 'v21.0',
      // c: the model is the stand-in's OpenAI, reached through the outbound guard like any provider.
      OPENAI_API_URL: `${graph.url}/v1`,
      OUTBOUND_ALLOWED_HOSTS: new URL(graph.url).host,
    },
  );
  const { database, drop } = await openBenchDatabase(dataDir);
  let app;
  let jobs;
  try {
    await runMigrations(database);
    await seedDatabase(database.db, { adminEmail: 'bench@atendo.test', adminPassword: 'Bench#12345' });
    const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret: config.jwtSecret });
    jobs = new Jobs(database, { workers: true });
    const realtime = new CountingPublisher();
    const events = new DomainEventBus();
    const deps = {
      config,
      database,
      tokens: new TokenService(config.jwtSecret, config.accessTokenTtlSeconds),
      limiter: new MemoryRateLimiter(),
      realtime,
      mediaUrl: (p) => media.url(p),
      events,
      media,
      jobs,
      version: 'bench',
    };
    app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await jobs.start();
    const base = `http://127.0.0.1:${app.server.address().port}`;

    const company = await insertCompany(database.db, { name: 'Bench Co', dueDate: null });
    const appSecret = randomBytes(16).toString('hex');
    const phoneNumberId = '109999999999901';
    const whatsappId = await createConnection(database, company.id, phoneNumberId, appSecret);
    const numberBase = 5511980000000;
    let nContacts;
    let nPer;
    if (name === 'a') {
      // Every contact already talks to an attendant who holds the ticket.
      nContacts = heldContacts;
      nPer = heldPerContact;
      const [user] = await database.query(
        `INSERT INTO users (company_id, name, email, password_hash, profile) VALUES ($1, 'Ana', 'ana@bench.test', 'x', 'user') RETURNING id`,
        [company.id],
      );
      await database.query(
        `WITH c AS (
           INSERT INTO contacts (company_id, channel, number, name, whatsapp_id)
           SELECT $1, 'whatsapp', ($2::bigint + g)::text, 'Cliente ' || g, $3 FROM generate_series(0, $4 - 1) g RETURNING id)
         INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, channel)
         SELECT $1, id, $3, 'open', $5, 'whatsappapi' FROM c`,
        [company.id, numberBase, whatsappId, nContacts, user.id],
      );
    } else if (name === 'c') {
      // New conversations to a connection whose only queue hands over to an AI prompt: each gets the model's answer.
      nContacts = aiConversations;
      nPer = 1;
      const [queue] = await database.query(
        `INSERT INTO queues (company_id, name, color, greeting_message) VALUES ($1, 'Vendas', '#111111', '') RETURNING id`,
        [company.id],
      );
      const [prompt] = await database.query(
        `INSERT INTO prompts (company_id, name, prompt, queue_id, api_key, max_messages)
         VALUES ($1, 'Vendedor IA', 'Você é o assistente de vendas. Responda em português, de forma breve.', $2, 'sk-bench-123456', 3)
         RETURNING id`,
        [company.id, queue.id],
      );
      await database.query(`UPDATE queues SET prompt_id = $2 WHERE id = $1`, [queue.id, prompt.id]);
      await database.query(`INSERT INTO whatsapp_queues (company_id, whatsapp_id, queue_id) VALUES ($1, $2, $3)`, [
        company.id,
        whatsappId,
        queue.id,
      ]);
    } else if (name === 'd' || name === 'e') {
      // New conversations to a connection with one queue and no bot: each ticket waits in the queue; in e the queue's
      // round robin gives it to one of 20 online attendants (all day on the company clock, no capacity limit).
      nContacts = newConversations;
      nPer = 1;
      const [queue] = await database.query(
        `INSERT INTO queues (company_id, name, color, greeting_message, assignment_mode)
         VALUES ($1, 'Vendas', '#111111', '', $2) RETURNING id`,
        [company.id, name === 'e' ? 'roundRobin' : 'off'],
      );
      await database.query(`INSERT INTO whatsapp_queues (company_id, whatsapp_id, queue_id) VALUES ($1, $2, $3)`, [
        company.id,
        whatsappId,
        queue.id,
      ]);
      await database.query(
        `WITH u AS (
           INSERT INTO users (company_id, name, email, password_hash, profile, online, start_work, end_work)
           SELECT $1, 'Atendente ' || g, 'a' || g || '@bench.test', 'x', 'user', true, '00:00', '23:59' FROM generate_series(1, 20) g
           RETURNING id)
         INSERT INTO user_queues (company_id, user_id, queue_id) SELECT $1, id, $2 FROM u`,
        [company.id, queue.id],
      );
    } else {
      // New conversations to a connection with two queues: each first message gets the greeting and the queue menu.
      nContacts = newConversations;
      nPer = 1;
      const queues = await database.query(
        `INSERT INTO queues (company_id, name, color, greeting_message) VALUES ($1, 'Vendas', '#111111', 'Vendas'), ($1, 'Suporte', '#222222', 'Suporte') RETURNING id`,
        [company.id],
      );
      await database.query(`INSERT INTO whatsapp_queues (company_id, whatsapp_id, queue_id) SELECT $1, $2, unnest($3::int[])`, [
        company.id,
        whatsappId,
        queues.map((q) => q.id),
      ]);
      await database.query(`UPDATE whatsapps SET greeting_message = 'Bem-vindo à Loja!' WHERE id = $1`, [whatsappId]);
    }
    const messages = nContacts * nPer;
    // The load's customers write through WhatsApp: Meta (the stand-in) opens each one's 24-hour window, so the bot's
    // answers reach them instead of failing with 131047 (issue 36). The load worker posts straight to the product.
    for (let g = 0; g < nContacts; g++) graph.customerWrote(phoneNumberId, String(numberBase + g));

    const counter = countStatements(database, { keepTexts: showStatements });
    const elu0 = performance.eventLoopUtilization();
    const cpu0 = mainThreadCpuMs();
    const load = await new Promise((resolve, reject) => {
      const worker = new Worker(path.join(here, '_ingest-load.mjs'), {
        workerData: {
          url: `${base}/webhooks/whatsappapi/${whatsappId}`,
          appSecret,
          phoneNumberId,
          contacts: nContacts,
          perContact: nPer,
          concurrency,
          numberBase,
          startTs: Math.floor(Date.now() / 1000) - nPer,
          prefix: `BENCH${name}`,
        },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const answeredAt = performance.now();
    await events.settled();
    let aiAnswers = 0;
    if (name === 'c') {
      // The model's answers come from jobs: wait (bounded) until each conversation has one stored.
      const until = performance.now() + 300_000;
      for (;;) {
        const [row] = await database.query(
          `SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND from_me AND data_json->>'automatic' = 'ai'`,
          [company.id],
        );
        aiAnswers = row.n;
        if (aiAnswers >= nContacts || performance.now() > until) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const decidedMs = load.elapsedMs + (performance.now() - answeredAt);
    const elu = performance.eventLoopUtilization(elu0);
    const cpu1 = mainThreadCpuMs();
    counter.stop();
    if (showStatements) printStatements(name, counter.texts, nContacts * nPer);
    const latencies = load.latencies.sort((x, y) => x - y);

    const [counts] = await database.query(
      `SELECT (SELECT count(*)::int FROM messages WHERE company_id = $1 AND NOT from_me) AS messages,
              (SELECT count(*)::int FROM messages WHERE company_id = $1 AND from_me AND data_json->>'automatic' = 'menu') AS menus,
              (SELECT count(*)::int FROM messages WHERE company_id = $1 AND automation > 0) AS undecided,
              (SELECT count(*)::int FROM contacts WHERE company_id = $1) AS contacts,
              (SELECT count(*)::int FROM tickets WHERE company_id = $1) AS tickets,
              (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND user_id IS NOT NULL AND status = 'open') AS assigned,
              (SELECT count(*)::int FROM (SELECT external_id FROM messages WHERE company_id = $1 AND NOT from_me
                 GROUP BY whatsapp_id, external_id HAVING count(*) > 1) d) AS duplicates`,
      [company.id],
    );
    const [order] = await database.query(
      `SELECT count(*)::int AS out_of_order FROM (
         SELECT split_part(external_id, 'x', 2)::int AS i,
                row_number() OVER (PARTITION BY ticket_id ORDER BY created_at, id) - 1 AS pos
         FROM messages WHERE company_id = $1 AND NOT from_me) s WHERE i <> pos`,
      [company.id],
    );
    const ok =
      counts.messages === messages &&
      counts.contacts === nContacts &&
      counts.tickets === nContacts &&
      counts.duplicates === 0 &&
      counts.undecided === 0 &&
      order.out_of_order === 0 &&
      load.statuses['200'] === messages &&
      (name !== 'b' || counts.menus === nContacts) &&
      (name !== 'c' || aiAnswers === nContacts) &&
      (name !== 'e' || counts.assigned === nContacts) &&
      (name !== 'd' || counts.assigned === 0);
    const result = {
      scenario: name,
      database: database.kind,
      messages,
      messagesPerSecond: Math.round((messages / load.elapsedMs) * 1000),
      decidedPerSecond: Math.round((messages / decidedMs) * 1000),
      latencyMs: {
        p50: +percentile(latencies, 50).toFixed(1),
        p95: +percentile(latencies, 95).toFixed(1),
        p99: +percentile(latencies, 99).toFixed(1),
        max: +(latencies.at(-1) ?? 0).toFixed(1),
      },
      statementsPerMessage: +(counter.statements / messages).toFixed(2),
      checkoutsPerMessage: database.kind === 'pg' ? +(counter.checkouts / messages).toFixed(2) : null,
      // The main thread's own CPU time (/proc), the load generator's thread excluded; the event loop's busy time
      // (wall clock) where /proc is not there — on a saturated machine it also counts time the thread waited for a core.
      mainThreadCpuMsPerMessage: +((cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : elu.active) / messages).toFixed(3),
      statuses: load.statuses,
      realtimeEvents: realtime.count,
      invariants: {
        ...counts,
        ...(name === 'c' ? { aiAnswers, modelRequests: graph.chat.requests.length } : {}),
        // answers Meta would refuse (a customer it never saw write): must stay 0
        refusedSends: graph.refused.length,
        outOfOrder: order.out_of_order,
        ok,
      },
    };
    if (name === 'a') {
      const noise = await insertCompany(database.db, { name: 'Ceiling Co', dueDate: null });
      result.ceilingMessagesPerSecond = Math.round(
        await rawSqlCeiling(database, noise.id, await createConnection(database, noise.id, '109999999999902', appSecret)),
      );
    }
    return result;
  } catch (err) {
    console.error(`scenario ${name} failed:`, err);
    throw err;
  } finally {
    await app?.close();
    await jobs?.stop();
    await database.close();
    await drop();
    await graph.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const LABELS = {
  a: 'a. into tickets an attendant holds',
  b: 'b. first messages, queue menu bot',
  c: 'c. first messages, AI prompt queue (decided = model answer stored)',
  d: 'd. first messages, one queue, no bot, no rule',
  e: 'e. as d, round robin assignment (decided = every ticket given)',
};

async function main() {
  const kind = process.env.DATABASE_URL ? 'pg' : 'pglite';
  console.log(
    `Atendo ingest — ${kind}, concurrency ${concurrency}, node ${process.version}, ${os.cpus().length} CPUs, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const results = [];
  for (const name of scenarios) results.push(await runScenario(name));
  console.table(
    results.map((r) => ({
      scenario: LABELS[r.scenario] ?? r.scenario,
      messages: r.messages,
      'msgs/s': r.messagesPerSecond,
      'decided/s': r.decidedPerSecond,
      'p50 ms': r.latencyMs.p50,
      'p99 ms': r.latencyMs.p99,
      'stmts/msg': r.statementsPerMessage,
      'checkouts/msg': r.checkoutsPerMessage ?? '—',
      'CPU ms/msg': r.mainThreadCpuMsPerMessage,
      'ceiling msgs/s': r.ceilingMessagesPerSecond ?? '',
    })),
  );
  for (const r of results) {
    const c = r.invariants;
    console.log(
      `${r.scenario}: ${c.messages} messages, ${c.contacts} contacts, ${c.tickets} tickets, ${c.duplicates} duplicates, ` +
        `${c.outOfOrder} out of order, ${c.menus} menus, ${c.assigned} assigned, ${c.undecided} undecided, ` +
        (c.aiAnswers !== undefined ? `${c.aiAnswers} AI answers (${c.modelRequests} model requests), ` : '') +
        `HTTP ${JSON.stringify(r.statuses)} → ${c.ok ? 'OK' : 'FAILED'}`,
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const out = path.join(here, 'results');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `ingest-${kind}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, concurrency, results }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(process.cwd(), file)}`);
  if (results.some((r) => !r.invariants.ok)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
