/**
 * Dashboard (issue 17).
 *
 *   node --import tsx bench/dashboard.ts                    # embedded PGlite, scale 0.1 by default
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/dashboard.ts                  # a fresh PostgreSQL database (dropped after), scale 1
 *
 * Seeds bench/_seed.ts's year (one company with 100,000 tickets and ~1,000,000 messages at scale 1, beside two noise
 * companies of 20,000 tickets), then over HTTP, one client (BENCH_SERIAL=100 requests one at a time after a
 * warm-up), prints p50/p95/p99 of GET /dashboard for a month (days=30) and a year (days=365) — as the admin and as a
 * profile user with showDashboard (the inbox's visibility in every statement) — of the two chart calls and of the
 * satisfaction report (month, year, the words with a search), beside
 * the HTTP floor (GET /auth/me). The marks (month p95 ≤ 100 ms, year ≤ 300 ms on PostgreSQL at scale 1) are
 * printed beside the figures; nothing is asserted.
 *
 * BENCH_SCALE (default 1 on PostgreSQL, 0.1 on PGlite), BENCH_SEED (the data's random seed, default 17),
 * BENCH_KEEP=1 / BENCH_REUSE=<name> as in bench/ticket-list.ts. Writes bench/results/dashboard-<db>.json.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAtendo } from '@atendo/sdk';
import { addDays, dayIn } from '@atendo/shared';
import { seedDatabase } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { runMigrations } from '../apps/server/src/db/open';
import { hashPassword } from '../apps/server/src/modules/auth/auth.service';
import { startBenchApp } from './_app';
import { openBenchDatabase } from './_db';
import { load } from './_load.mjs';
import { describeSeed, seedBenchCompanies } from './_seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const onPg = Boolean(process.env.DATABASE_URL);
const scale = Number(process.env.BENCH_SCALE ?? (onPg ? 1 : 0.1));
const SERIAL_REQUESTS = Number(process.env.BENCH_SERIAL ?? 100);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  const config = loadConfig(
    {},
    { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', JOBS: 'off' },
  );
  const { database, drop } = await openBenchDatabase(dataDir, 'atendo_bench_dash');
  let app: Awaited<ReturnType<typeof startBenchApp>>['app'] | undefined;
  try {
    await runMigrations(database);
    await seedDatabase(database.db, {});
    const tickets = Math.round(100_000 * scale);
    const noise = Math.round(20_000 * scale);
    console.log(`Atendo dashboard — ${database.kind}, scale ${scale}: ${tickets} tickets + 2 × ${noise} (bench/_seed.ts)`);
    let companyId: number;
    if (process.env.BENCH_REUSE) {
      [{ id: companyId }] = await database.query<{ id: number }>(`SELECT id FROM companies WHERE name = 'Empresa'`);
    } else {
      const hash = await hashPassword('Bench#12345');
      const seeded = await seedBenchCompanies(database, { tickets, noise }, hash);
      companyId = seeded.main.companyId;
      console.log(
        `seeded in ${((seeded.rowsMs + seeded.indexMs) / 1000).toFixed(0)} s (rows ${(seeded.rowsMs / 1000).toFixed(0)} s)`,
      );
    }
    console.table([await describeSeed(database, companyId)]);
    const [ids] = await database.query<{ admin: number; viewer: number }>(
      `SELECT (SELECT id FROM users WHERE company_id = $1 AND profile = 'admin') AS admin,
        (SELECT id FROM users WHERE company_id = $1 AND profile = 'user' AND show_dashboard = 'enabled' ORDER BY id LIMIT 1) AS viewer`,
      [companyId],
    );

    const bench = await startBenchApp(database, config);
    app = bench.app;
    const { base, tokenFor } = bench;
    const admin = await tokenFor(Number(ids.admin), companyId);
    const viewer = await tokenFor(Number(ids.viewer), companyId);

    const today = dayIn(new Date(), 'America/Sao_Paulo');
    const monthAgo = addDays(today, -29);
    const yearAgo = addDays(today, -364);
    const scenarios: { name: string; url: string; token: string; target?: number }[] = [
      { name: 'floor: GET /auth/me', url: '/auth/me', token: admin },
      { name: 'GET /dashboard, month (admin)', url: '/dashboard?days=30', token: admin, target: 100 },
      { name: 'GET /dashboard, year (admin)', url: '/dashboard?days=365', token: admin, target: 300 },
      { name: 'GET /dashboard, month (profile user)', url: '/dashboard?days=30', token: viewer },
      { name: 'GET /dashboard, year (profile user)', url: '/dashboard?days=365', token: viewer },
      { name: 'GET /dashboard/ticketsDay, month', url: '/dashboard/ticketsDay?days=30', token: admin },
      { name: 'GET /dashboard/ticketsDay, year', url: '/dashboard/ticketsDay?days=365', token: admin },
      { name: 'GET /dashboard/ticketsUsers, year', url: '/dashboard/ticketsUsers?days=365', token: admin },
      // Satisfaction (issue 33 item 3): the month and the year (weekly trend), and the words page with a search.
      {
        name: 'GET /dashboard/satisfaction, month',
        url: `/dashboard/satisfaction?date_from=${monthAgo}&date_to=${today}`,
        token: admin,
      },
      {
        name: 'GET /dashboard/satisfaction, year',
        url: `/dashboard/satisfaction?date_from=${yearAgo}&date_to=${today}`,
        token: admin,
      },
      {
        name: 'GET /dashboard/satisfaction/comments, year, search',
        url: `/dashboard/satisfaction/comments?date_from=${yearAgo}&date_to=${today}&search=obrigado`,
        token: admin,
      },
    ];
    // Each answer checked once through the typed SDK: 200, and what it counted (so a fast wrong answer is seen).
    const sdk = createAtendo({ baseUrl: base, token: admin });
    for (const days of [30, 365]) {
      const { data, error, response } = await sdk.api.GET('/dashboard', { params: { query: { days } } });
      if (!data) throw new Error(`/dashboard?days=${days}: ${response.status} ${JSON.stringify(error)}`);
      const { counters } = data;
      console.log(
        `  GET /dashboard, ${days} days (admin): tickets ${counters.tickets}, finished ${counters.supportFinished}, NPS ${counters.npsScore}, wait ${counters.avgWaitTime} min, support ${counters.avgSupportTime} min`,
      );
    }

    const results: {
      scenario: string;
      requests: number;
      errors: number;
      p50: number;
      p95: number;
      p99: number;
      target?: number;
    }[] = [];
    for (const s of scenarios) {
      const headers = { authorization: `Bearer ${s.token}` };
      await load({ url: `${base}${s.url}`, headers, connections: 1, amount: 10 });
      const r = await load({ url: `${base}${s.url}`, headers, connections: 1, amount: SERIAL_REQUESTS });
      results.push({ scenario: s.name, requests: r.requests, errors: r.non2xx + r.errors, ...r.latencyMs, target: s.target });
    }
    console.log(
      `\n1 client, ${SERIAL_REQUESTS} requests one at a time per scenario; node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.table(
      results.map((r) => ({
        scenario: r.scenario,
        'p50 ms': r.p50,
        'p95 ms': r.p95,
        'p99 ms': r.p99,
        'mark p95 (PostgreSQL, scale 1)': r.target ? `≤ ${r.target}${r.p95 <= r.target ? ' ✓' : ' ✗'}` : '',
        errors: r.errors,
      })),
    );
    const out = path.join(here, 'results');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, `dashboard-${database.kind}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), database: database.kind, scale, node: process.version, cpus: os.cpus().length, results }, null, 2)}\n`,
    );
    console.log(`written ${path.relative(process.cwd(), file)}`);
    if (results.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    await app?.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
