/**
 * The queues' assignment rule (issue 33 items 1 and 5).
 *
 *   node --import tsx bench/assignment.ts                   # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/assignment.ts                 # a fresh PostgreSQL database (dropped after)
 *
 * One company, one queue, 200 online attendants and 1,000 queued tickets (BENCH_ATTENDANTS, BENCH_TICKETS), through the
 * real service and database (each decision in its transaction under the company's lock, the ticket log row, the
 * realtime frames). Prints assignment decisions per second for:
 *   - a backlog: the 1,000 waiting tickets given in one sweep (capacity 5 each), per mode;
 *   - rooms opening one at a time: every attendant full (capacity 1) and 1,000 tickets waiting, a ticket closes and its
 *     attendant gets the next one (`ticket.closed` → one decision), 200 times.
 * Nothing is asserted.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDatabase } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { type Database, runMigrations } from '../apps/server/src/db/open';
import { insertCompany } from '../apps/server/src/modules/companies/companies.repository';
import { startBenchApp } from './_app';
import { openBenchDatabase } from './_db';

const ATTENDANTS = Number(process.env.BENCH_ATTENDANTS ?? 200);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 1000);

async function seedTeam(database: Database, mode: string, capacity: number) {
  const company = await insertCompany(database.db, { name: `Bench ${mode} ${randomBytes(3).toString('hex')}` });
  const c = company.id;
  const [{ id: queueId }] = await database.query<{ id: number }>(
    `INSERT INTO queues (company_id, name, color, assignment_mode, assignment_capacity) VALUES ($1, 'Fila', '#123456', $2, $3) RETURNING id`,
    [c, mode, capacity],
  );
  await database.query(
    `INSERT INTO users (company_id, name, email, password_hash, online)
     SELECT $1::int, 'Att ' || g, 'att-' || $1::int::text || '-' || g || '@bench.test', 'x', true FROM generate_series(1, $2::int) g`,
    [c, ATTENDANTS],
  );
  await database.query(
    `INSERT INTO user_queues (company_id, user_id, queue_id) SELECT $1, id, $2 FROM users WHERE company_id = $1`,
    [c, queueId],
  );
  await database.query(
    `INSERT INTO contacts (company_id, name, number) SELECT $1::int, 'Cliente ' || g, '5511' || lpad(g::text, 9, '0') FROM generate_series(1, $2::int) g`,
    [c, TICKETS + ATTENDANTS],
  );
  return { companyId: c, queueId };
}

/** Tickets waiting in the queue, oldest first (one per contact, skipping the first `offset` contacts). */
async function queueTickets(database: Database, t: { companyId: number; queueId: number }, count: number, offset = 0) {
  await database.query(
    `INSERT INTO tickets (company_id, contact_id, status, queue_id, created_at)
     SELECT $1, id, 'pending', $2, now() - make_interval(secs => 100000 - row_number() OVER (ORDER BY id))
     FROM contacts WHERE company_id = $1 ORDER BY id OFFSET $3 LIMIT $4`,
    [t.companyId, t.queueId, offset, count],
  );
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  const config = loadConfig(
    {},
    { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', JOBS: 'off' },
  );
  const { database, drop } = await openBenchDatabase(dataDir, 'atendo_bench_assign');
  let app: Awaited<ReturnType<typeof startBenchApp>>['app'] | undefined;
  try {
    await runMigrations(database);
    await seedDatabase(database.db, {});
    const bench = await startBenchApp(database, config);
    app = bench.app;
    const assignment = bench.modules.assignment;
    console.log(`Atendo assignment — ${database.kind}: ${ATTENDANTS} online attendants, ${TICKETS} queued tickets`);

    for (const mode of ['roundRobin', 'leastBusy', 'random']) {
      const team = await seedTeam(database, mode, Math.ceil(TICKETS / ATTENDANTS));
      await queueTickets(database, team, TICKETS);
      const start = performance.now();
      let given = 0;
      for (let round = 0; round < 10 && given < TICKETS; round++) {
        given += (await assignment.assignQueue(team.companyId, team.queueId)).length;
      }
      const ms = performance.now() - start;
      console.log(
        `backlog ${mode.padEnd(10)} ${given} given in ${ms.toFixed(0)} ms: ${((given / ms) * 1000).toFixed(0)} decisions/s`,
      );
    }

    // Every attendant full, 1,000 waiting: each close opens one room, and the reaction gives the next ticket.
    const team = await seedTeam(database, 'leastBusy', 1);
    await queueTickets(database, team, ATTENDANTS);
    const first = await assignment.assignQueue(team.companyId, team.queueId);
    await queueTickets(database, team, TICKETS, ATTENDANTS);
    const held = new Map(first.map((g) => [g.userId, g.ticketId]));
    const times: number[] = [];
    let given = 0;
    for (const [userId, ticketId] of held) {
      await database.query(`UPDATE tickets SET status = 'closed' WHERE id = $1`, [ticketId]);
      const start = performance.now();
      await assignment.onClosed({
        companyId: team.companyId,
        ticket: { id: ticketId, queueId: team.queueId, userId, isGroup: false },
        why: 'attendant',
        by: userId,
      });
      times.push(performance.now() - start);
      const [{ n }] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tickets WHERE company_id = $1 AND user_id = $2 AND status = 'open'`,
        [team.companyId, userId],
      );
      given += Number(n);
    }
    times.sort((a, b) => a - b);
    const total = times.reduce((a, b) => a + b, 0);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
    console.log(
      `room opens ${given}/${held.size} given at ${TICKETS} queued: ${((times.length / total) * 1000).toFixed(0)} decisions/s, ` +
        `p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms per close`,
    );
  } finally {
    await app?.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
