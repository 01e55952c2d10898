/**
 * Inbound ingest (issue 4): 20,000 signed Cloud API webhooks from 200 contacts at concurrency 50.
 *
 *   node --import tsx bench/ingest.mjs                 # embedded PGlite in a temp folder
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/ingest.mjs               # a fresh PostgreSQL database (dropped after)
 *
 * The API runs in this process on an ephemeral port (jobs on, as `npm start` runs it); the load generator runs
 * in a worker thread (bench/_ingest-load.mjs) with every body signed beforehand. Prints messages/s and the
 * webhook latency p50/p95/p99, then the ceiling: the same rows (message insert + ticket update, one transaction
 * each, same concurrency) written by plain SQL in this process, and the ratio. Then the invariants: 20,000
 * messages, 200 contacts, 200 tickets, 0 duplicates, every conversation in its order.
 * Env: BENCH_CONTACTS (200), BENCH_PER_CONTACT (100), BENCH_CONCURRENCY (50). Writes bench/results/ingest-<db>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
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

const here = path.dirname(fileURLToPath(import.meta.url));
const contacts = Number(process.env.BENCH_CONTACTS ?? 200);
const perContact = Number(process.env.BENCH_PER_CONTACT ?? 100);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const total = contacts * perContact;

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

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
  const { database, drop } = await openBenchDatabase(dataDir);
  let app;
  let jobs;
  try {
    await runMigrations(database);
    await seedDatabase(database.db, { adminEmail: 'bench@atendo.test', adminPassword: 'Bench#12345' });
    const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret: config.jwtSecret });
    jobs = new Jobs(database, { workers: true });
    const realtime = new CountingPublisher();
    const deps = {
      config,
      database,
      tokens: new TokenService(config.jwtSecret, config.accessTokenTtlSeconds),
      limiter: new MemoryRateLimiter(),
      realtime,
      mediaUrl: (p) => media.url(p),
      events: new DomainEventBus(),
      media,
      jobs,
      version: 'bench',
    };
    app = await buildApp(deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    await jobs.start();
    const base = `http://127.0.0.1:${app.server.address().port}`;

    const company = await insertCompany(database.db, { name: 'Bench Co', dueDate: null });
    const noise = await insertCompany(database.db, { name: 'Ceiling Co', dueDate: null });
    const appSecret = randomBytes(16).toString('hex');
    const phoneNumberId = '109999999999901';
    const whatsappId = await createConnection(database, company.id, phoneNumberId, appSecret);

    console.log(
      `Atendo ingest — ${database.kind}, ${total} webhooks from ${contacts} contacts, concurrency ${concurrency}, ` +
        `node ${process.version}, ${os.cpus().length} CPUs`,
    );
    const load = await new Promise((resolve, reject) => {
      const worker = new Worker(path.join(here, '_ingest-load.mjs'), {
        workerData: {
          url: `${base}/webhooks/whatsappapi/${whatsappId}`,
          appSecret,
          phoneNumberId,
          contacts,
          perContact,
          concurrency,
          numberBase: 5511980000000,
          startTs: Math.floor(Date.now() / 1000) - perContact,
        },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const latencies = load.latencies.sort((a, b) => a - b);
    const msgsPerSecond = (total / load.elapsedMs) * 1000;

    // Invariants.
    const [counts] = await database.query(
      `SELECT (SELECT count(*)::int FROM messages WHERE company_id = $1) AS messages,
              (SELECT count(*)::int FROM contacts WHERE company_id = $1) AS contacts,
              (SELECT count(*)::int FROM tickets WHERE company_id = $1) AS tickets,
              (SELECT count(*)::int FROM (SELECT external_id FROM messages WHERE company_id = $1
                 GROUP BY whatsapp_id, external_id HAVING count(*) > 1) d) AS duplicates,
              (SELECT count(*)::int FROM tickets WHERE company_id = $1 AND unread_messages <> $2) AS wrong_unread`,
      [company.id, perContact],
    );
    const [order] = await database.query(
      `SELECT count(*)::int AS out_of_order FROM (
         SELECT split_part(external_id, 'x', 2)::int AS i,
                row_number() OVER (PARTITION BY ticket_id ORDER BY created_at, id) - 1 AS pos
         FROM messages WHERE company_id = $1) s WHERE i <> pos`,
      [company.id],
    );

    const ceiling = await rawSqlCeiling(
      database,
      noise.id,
      await createConnection(database, noise.id, '109999999999902', appSecret),
    );
    const ratio = msgsPerSecond / ceiling;

    console.table([
      {
        run: 'webhooks → ingest (HTTP)',
        'msgs/s': Math.round(msgsPerSecond),
        'p50 ms': +percentile(latencies, 50).toFixed(1),
        'p95 ms': +percentile(latencies, 95).toFixed(1),
        'p99 ms': +percentile(latencies, 99).toFixed(1),
        'max ms': +(latencies.at(-1) ?? 0).toFixed(1),
      },
      { run: 'ceiling: plain SQL, same rows', 'msgs/s': Math.round(ceiling) },
    ]);
    console.log(`ratio to the ceiling: ${ratio.toFixed(2)}`);
    console.log(`HTTP statuses: ${JSON.stringify(load.statuses)} · realtime events published: ${realtime.count}`);
    const ok =
      counts.messages === total &&
      counts.contacts === contacts &&
      counts.tickets === contacts &&
      counts.duplicates === 0 &&
      counts.wrong_unread === 0 &&
      order.out_of_order === 0 &&
      load.statuses['200'] === total;
    console.log(
      `invariants: ${counts.messages} messages, ${counts.contacts} contacts, ${counts.tickets} tickets, ${counts.duplicates} duplicates, ` +
        `${counts.wrong_unread} tickets with a wrong unread count, ${order.out_of_order} messages out of order → ${ok ? 'OK' : 'FAILED'}`,
    );

    const out = path.join(here, 'results');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, `ingest-${database.kind}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: database.kind,
          node: process.version,
          cpus: os.cpus().length,
          webhooks: total,
          contacts,
          concurrency,
          messagesPerSecond: Math.round(msgsPerSecond),
          latencyMs: {
            p50: +percentile(latencies, 50).toFixed(2),
            p95: +percentile(latencies, 95).toFixed(2),
            p99: +percentile(latencies, 99).toFixed(2),
            max: +(latencies.at(-1) ?? 0).toFixed(2),
          },
          ceilingMessagesPerSecond: Math.round(ceiling),
          ratio: +ratio.toFixed(3),
          statuses: load.statuses,
          invariants: { ...counts, outOfOrder: order.out_of_order, ok },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`written ${path.relative(process.cwd(), file)}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app?.close();
    await jobs?.stop();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
