/**
 * HTTP baseline: the floor later endpoints are compared with (issue 2).
 *
 *   node --import tsx bench/http-baseline.mjs                 # embedded PGlite in a temp folder
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/http-baseline.mjs               # a fresh PostgreSQL database (dropped after)
 *
 * Starts the API in this process on an ephemeral port (jobs on, as `npm start` runs it), signs in,
 * then runs autocannon (in a worker thread) for BENCH_SECONDS (default 10) on GET /version and GET /auth/me with a valid
 * token. Prints requests/s and latency p50/p95/p99; writes bench/results/http-baseline.json.
 * Figures depend on the machine and on what else runs on it: compare runs on the same machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDatabase } from '../apps/server/src/composition.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, runMigrations } from '../apps/server/src/db/open.ts';
import { TokenService } from '../apps/server/src/platform/auth.ts';
import { DomainEventBus } from '../apps/server/src/platform/domain-events.ts';
import { Jobs } from '../apps/server/src/platform/jobs.ts';
import { MediaStorage } from '../apps/server/src/platform/media.ts';
import { MemoryRateLimiter } from '../apps/server/src/platform/rate-limit.ts';
import { RecordingPublisher } from '../apps/server/src/platform/realtime-port.ts';
import { load } from './_load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const email = 'bench@atendo.test';
const password = 'Bench#12345';

async function openBenchDatabase(dataDir) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    return { database: await openDatabase({ pgliteDir: path.join(dataDir, 'db') }), drop: async () => {} };
  }
  const name = `atendo_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: u.toString() }),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The load generator runs in a worker thread (bench/_load.mjs): it never shares the server's event loop. */
async function run(name, opts) {
  return { name, ...(await load({ ...opts, connections, duration: seconds })) };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
  const { database, drop } = await openBenchDatabase(dataDir);
  let app;
  let jobs;
  try {
    await runMigrations(database);
    await seedDatabase(database.db, { adminEmail: email, adminPassword: password });
    const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret: config.jwtSecret });
    jobs = new Jobs(database, { workers: true });
    const deps = {
      config,
      database,
      tokens: new TokenService(config.jwtSecret, config.accessTokenTtlSeconds),
      limiter: new MemoryRateLimiter(),
      realtime: new RecordingPublisher(),
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

    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = await login.json();

    console.log(
      `Atendo HTTP baseline — ${database.kind}, ${connections} connections, ${seconds} s each, node ${process.version}`,
    );
    const results = [];
    results.push(await run('GET /version', { url: `${base}/version` }));
    results.push(await run('GET /auth/me', { url: `${base}/auth/me`, headers: { authorization: `Bearer ${token}` } }));

    const rows = results.map((r) => ({
      endpoint: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.latencyMs.p50,
      'p95 ms': r.latencyMs.p95,
      'p99 ms': r.latencyMs.p99,
      requests: r.requests,
      'non-2xx': r.non2xx,
      errors: r.errors,
    }));
    console.table(rows);

    const out = path.join(here, 'results');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, 'http-baseline.json');
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: database.kind,
          node: process.version,
          cpus: os.cpus().length,
          connections,
          seconds,
          results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`written ${path.relative(process.cwd(), file)}`);
    if (results.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
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
