/**
 * Tickets report and its Excel export (issue 17 item 3).
 *
 *   node --import tsx bench/report.ts                   # embedded PGlite, scale 0.1 by default
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/report.ts                 # a fresh PostgreSQL database (dropped after), scale 1
 *
 * Seeds, set-based, one company with 100,000 tickets × BENCH_SCALE created over 365 days (85% closed, each closed one
 * with its attendance in ticket_trackings as the close writes it, 30% of those rated 0–10), 20,000 contacts, 50 users,
 * 10 queues, 2 connections, 1–3 tags on 40% of the tickets — plus a noise company of a fifth of that. Then over HTTP,
 * one client, BENCH_SERIAL=200 requests one at a time after a warm-up: the report's first page for the default range
 * (this month), page 50 of the year, the month's rated tickets, a contact-name search — target p95 ≤ 30 ms. Then the
 * export of the whole year (every ticket): rows/s, and the process's resident memory sampled every 20 ms while it
 * streams (peak minus the level before it; target growth < 150 MB). The download is read and thrown away chunk by
 * chunk in this same process, so the figure is the server's (plus a few buffers). Writes bench/results/report-<db>.json.
 * BENCH_KEEP=1 keeps the seeded PostgreSQL database; BENCH_REUSE=<its name> measures it again without seeding;
 * BENCH_ONLY=<part of a scenario's name> runs only those scenarios and no export.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { type Database, runMigrations } from '../apps/server/src/db/open';
import { hashPassword } from '../apps/server/src/modules/auth/auth.service';
import { insertCompany } from '../apps/server/src/modules/companies/companies.repository';
import { startBenchApp } from './_app';
import { openBenchDatabase } from './_db';
import { load } from './_load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const onPg = Boolean(process.env.DATABASE_URL);
const scale = Number(process.env.BENCH_SCALE ?? (onPg ? 1 : 0.1));
const SERIAL_REQUESTS = Number(process.env.BENCH_SERIAL ?? 200);
const PAGE_TARGET_MS = 30;
const EXPORT_RSS_TARGET_MB = 150;

/** One company's report data, set-based, with a fixed random seed so runs compare. */
async function seedCompany(database: Database, name: string, tickets: number, hash: string) {
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  const company = await insertCompany(database.db, { name, dueDate: new Date(Date.now() + 365 * 86_400_000) });
  const c = company.id;
  await q('SELECT setseed(0.17)');
  await q(
    `INSERT INTO queues (company_id, name, color) SELECT $1, 'Fila ' || g, '#' || lpad(to_hex($1 * 100 + g), 6, '0') FROM generate_series(1, 10) g`,
    [c],
  );
  await q(
    `INSERT INTO users (company_id, name, email, password_hash, profile, allow_group)
     SELECT $1, 'Atendente ' || g, 'r' || g || '-' || $1::int || '@bench.test', $2, CASE WHEN g = 1 THEN 'admin' ELSE 'user' END, 'enabled'
     FROM generate_series(1, 50) g`,
    [c, hash],
  );
  await q(
    `INSERT INTO whatsapps (company_id, name, channel, status, token, is_default)
     SELECT $1, 'Número ' || g, 'whatsappapi', 'CONNECTED', substr(md5(random()::text || g || '-' || $1::int), 1, 30), g = 1 FROM generate_series(1, 2) g`,
    [c],
  );
  const contacts = Math.max(100, Math.round(tickets / 5));
  await q(
    `INSERT INTO contacts (company_id, name, number, channel, created_at)
     SELECT $1, (ARRAY['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Hugo','Isabela','João'])[1 + g % 10] || ' ' ||
       (ARRAY['Silva','Souza','Oliveira','Lima','Pereira','Costa','Rodrigues','Almeida'])[1 + (g / 10) % 8] || ' ' || g,
       '5511' || lpad(g::text, 9, '0'), 'whatsapp', now() - random() * interval '400 days'
     FROM generate_series(1, $2) g`,
    [c, contacts],
  );
  // Closed over the whole year, open within ~60 days, pending within 14; a ticket per (contact, connection) live at most.
  await q(
    `WITH cs AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn FROM contacts WHERE company_id = $1),
      ws AS (SELECT array_agg(id ORDER BY id) AS ids FROM whatsapps WHERE company_id = $1),
      qs AS (SELECT array_agg(id ORDER BY id) AS ids FROM queues WHERE company_id = $1),
      us AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE company_id = $1),
      g AS (SELECT g, random() AS r, random() AS rq, random() AS ru, random() AS rt FROM generate_series(0, $2 - 1) g),
      s AS (SELECT g.*, CASE WHEN g < $3 * 2 AND r >= 0.85 THEN CASE WHEN r < 0.93 THEN 'open' ELSE 'pending' END ELSE 'closed' END AS status FROM g)
     INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel, last_message, from_me,
       created_at, updated_at, closed_at)
     SELECT $1, cs.id, ws.ids[1 + (s.g / $3) % 2], s.status,
       CASE WHEN s.status = 'pending' THEN NULL ELSE us.ids[1 + floor(s.ru * 50)::int] END,
       CASE WHEN s.rq < 0.05 THEN NULL ELSE qs.ids[1 + floor(s.rq * 10)::int % 10] END,
       'whatsappapi', 'última mensagem', s.rq < 0.2,
       at.at, at.at + interval '2 hours', CASE WHEN s.status = 'closed' THEN at.at + interval '2 hours' END
     FROM s JOIN cs ON cs.rn = s.g % $3 CROSS JOIN ws CROSS JOIN qs CROSS JOIN us
     CROSS JOIN LATERAL (SELECT now() - s.rt * CASE s.status WHEN 'closed' THEN interval '365 days' WHEN 'open' THEN interval '60 days'
       ELSE interval '14 days' END AS at) at`,
    [c, tickets, contacts],
  );
  // Each closed ticket's attendance, as the close records it: accepted within 30 min, finished 1–120 min later.
  await q(
    `INSERT INTO ticket_trackings (company_id, ticket_id, whatsapp_id, queue_id, user_id, is_group, from_me, started_at,
       accepted_at, first_answer_at, finished_at, closed_at, rate)
     SELECT t.company_id, t.id, t.whatsapp_id, t.queue_id, t.user_id, false, t.from_me, t.created_at,
       t.created_at + random() * interval '30 minutes', t.created_at + interval '31 minutes',
       t.created_at + interval '30 minutes' + (1 + random() * 119) * interval '1 minute', t.closed_at,
       CASE WHEN random() < 0.3 THEN floor(random() * 11)::smallint END
     FROM tickets t WHERE t.company_id = $1 AND t.status = 'closed'`,
    [c],
  );
  await q(
    `INSERT INTO user_ratings (company_id, ticket_id, user_id, queue_id, rate, created_at)
     SELECT company_id, ticket_id, user_id, queue_id, rate, finished_at FROM ticket_trackings WHERE company_id = $1 AND rate IS NOT NULL`,
    [c],
  );
  await q(
    `INSERT INTO tags (company_id, name, color) SELECT $1, 'Tag ' || g, '#' || lpad(to_hex(g * 4000), 6, '0') FROM generate_series(1, 20) g`,
    [c],
  );
  await q(
    `WITH tg AS (SELECT array_agg(id ORDER BY id) AS ids FROM tags WHERE company_id = $1)
     INSERT INTO ticket_tags (company_id, ticket_id, tag_id)
     SELECT $1, t.id, tg.ids[1 + floor(power(random(), 2) * 20)::int] FROM tickets t CROSS JOIN tg CROSS JOIN generate_series(1, 3) k
     WHERE t.company_id = $1 AND t.id % 10 < 4 AND (k = 1 OR random() < 0.4) ON CONFLICT DO NOTHING`,
    [c],
  );
  const [admin] = await q<{ id: number }>(`SELECT id FROM users WHERE company_id = $1 AND profile = 'admin'`, [c]);
  return { companyId: c, adminId: admin.id };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  const config = loadConfig(
    {},
    { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', JOBS: 'off' },
  );
  const { database, drop } = await openBenchDatabase(dataDir, 'atendo_bench_report');
  let app: Awaited<ReturnType<typeof startBenchApp>>['app'] | undefined;
  try {
    const tickets = Math.round(100_000 * scale);
    console.log(
      `Atendo tickets report — ${database.kind}, scale ${scale}: ${tickets} tickets + noise ${Math.round(tickets / 5)}`,
    );
    let main: { companyId: number; adminId: number };
    if (process.env.BENCH_REUSE) {
      // A database kept by an earlier BENCH_KEEP=1 run: its rows as they are.
      const [kept] = await database.query<{ companyId: number; adminId: number }>(
        `SELECT c.id AS "companyId", u.id AS "adminId" FROM companies c JOIN users u ON u.company_id = c.id AND u.profile = 'admin'
         WHERE c.name = 'Empresa' ORDER BY u.id LIMIT 1`,
      );
      main = kept;
    } else {
      await runMigrations(database);
      await seedDatabase(database.db, {});
      const hash = await hashPassword('Bench#12345');
      const t0 = Date.now();
      await seedCompany(database, 'Ruído', Math.round(tickets / 5), hash);
      main = await seedCompany(database, 'Empresa', tickets, hash);
      await database.query('VACUUM ANALYZE');
      console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }

    const bench = await startBenchApp(database, config);
    app = bench.app;
    const { base, tokenFor } = bench;
    const token = await tokenFor(main.adminId, main.companyId);
    const headers = { authorization: `Bearer ${token}` };

    const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const today = day(new Date());
    const month = `dateFrom=${today.slice(0, 8)}01&dateTo=${today}`;
    const year = `dateFrom=${day(new Date(Date.now() - 366 * 86_400_000))}&dateTo=${today}`;
    const scenarios = [
      { name: 'this month, page 1 (10 rows)', url: `/ticketreport/reports?${month}` },
      { name: 'the year, page 50 (10 rows)', url: `/ticketreport/reports?${year}&page=50` },
      { name: 'this month, rated only, 50 rows', url: `/ticketreport/reports?${month}&onlyRated=true&pageSize=50` },
      { name: "the year, search 'Oliveira'", url: `/ticketreport/reports?${year}&searchParam=Oliveira` },
    ];
    const rows: Record<string, unknown>[] = [];
    const only = process.env.BENCH_ONLY; // a part of a scenario's name: only those, and no export
    for (const s of scenarios.filter((x) => !only || x.name.includes(only))) {
      const res = await fetch(`${base}${s.url}`, { headers });
      if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { tickets: unknown[]; totalTickets: { total: number } };
      await load({ url: `${base}${s.url}`, headers, connections: 1, amount: 30 });
      const r = await load({ url: `${base}${s.url}`, headers, connections: 1, amount: SERIAL_REQUESTS });
      rows.push({
        scenario: s.name,
        'rows (total)': `${body.tickets.length} (${body.totalTickets.total})`,
        'p50 ms': r.latencyMs.p50,
        'p95 ms': r.latencyMs.p95,
        'p99 ms': r.latencyMs.p99,
        target: `p95 ≤ ${PAGE_TARGET_MS}${r.latencyMs.p95 <= PAGE_TARGET_MS ? ' ✓' : ' ✗'}`,
        errors: r.non2xx + r.errors,
      });
    }
    console.log(
      `\n1 client, ${SERIAL_REQUESTS} requests one at a time; node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.table(rows);

    if (only) return;
    // The export of the whole year, read and dropped chunk by chunk, with the resident memory sampled meanwhile.
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const res = await fetch(`${base}/ticketreport/export?${year}`, { headers });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    const total = Number(res.headers.get('x-total-count'));
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMb = (peak - before) / 1_048_576;
    const exportResult = {
      rows: total,
      megabytes: +(bytes / 1_048_576).toFixed(1),
      seconds: +seconds.toFixed(1),
      rowsPerSecond: Math.round(total / seconds),
      rssBeforeMb: Math.round(before / 1_048_576),
      rssPeakMb: Math.round(peak / 1_048_576),
      rssGrowthMb: Math.round(growthMb),
    };
    console.log(
      `\nexport of the year: ${total} rows, ${exportResult.megabytes} MB in ${exportResult.seconds} s (${exportResult.rowsPerSecond} rows/s); ` +
        `RSS ${exportResult.rssBeforeMb} → peak ${exportResult.rssPeakMb} MB (growth ${exportResult.rssGrowthMb} MB, target < ${EXPORT_RSS_TARGET_MB}${growthMb < EXPORT_RSS_TARGET_MB ? ' ✓' : ' ✗'})`,
    );
    const out = path.join(here, 'results');
    mkdirSync(out, { recursive: true });
    const file = path.join(out, `report-${database.kind}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ date: new Date().toISOString(), database: database.kind, scale, node: process.version, cpus: os.cpus().length, pages: rows, export: exportResult }, null, 2)}\n`,
    );
    console.log(`written ${path.relative(process.cwd(), file)}`);
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
