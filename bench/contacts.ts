/**
 * Contact book (issue 8).
 *
 *   node --import tsx bench/contacts.ts                 # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/contacts.ts               # a fresh PostgreSQL database (dropped after)
 *
 * 1. Import: a generated 50,000-row .xlsx (name, number, e-mail, tags; 5% bad rows as in the integration test) is
 *    uploaded with POST /contacts/upload and imported with POST /contacts/import by the background job, as a user
 *    does; prints upload (parse + preview) time and import rows/s from the POST to the job's `done`.
 * 2. List: the company grows to BENCH_CONTACTS=200,000 contacts (set-based INSERT … SELECT generate_series, 10% with
 *    a tag) beside a noise company of 50,000, then GET /contacts over HTTP: page 1, page 50, a name search, a number
 *    prefix search and a tag filter — one client (200 requests one at a time, after a warm-up) for p50/p95/p99, and
 *    BENCH_CONNECTIONS=10 clients for BENCH_SECONDS=5 for req/s — beside the floor GET /auth/me on the same server.
 * BENCH_KEEP=1 keeps the PostgreSQL database. Writes bench/results/contacts-<db>.json.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app';
import { seedDatabase } from '../apps/server/src/composition';
import { loadConfig } from '../apps/server/src/config';
import { runMigrations } from '../apps/server/src/db/open';
import { hashPassword } from '../apps/server/src/modules/auth/auth.service';
import { insertCompany } from '../apps/server/src/modules/companies/companies.repository';
import { TokenService } from '../apps/server/src/platform/auth';
import type { CoreDeps } from '../apps/server/src/platform/deps';
import { DomainEventBus } from '../apps/server/src/platform/domain-events.ts';
import { Jobs } from '../apps/server/src/platform/jobs';
import { MediaStorage } from '../apps/server/src/platform/media';
import { MemoryRateLimiter } from '../apps/server/src/platform/rate-limit';
import { RecordingPublisher } from '../apps/server/src/platform/realtime-port';
import { openBenchDatabase } from './_db';
import { load } from './_load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const NOISE = 50_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SERIAL_REQUESTS = Number(process.env.BENCH_SERIAL ?? 200);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Hugo', 'Isabel', 'João', 'Karina', 'Lucas'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Lima', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Nascimento'];

/** The spreadsheet of the integration test: 5% bad rows (missing name or number → ignored; invalid → errors). */
async function writeSpreadsheet(file: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('Contatos');
  ws.addRow(['Nome', 'Número', 'E-mail', 'Etiquetas']).commit();
  const expected = { created: 0, ignored: 0, failed: 0 };
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const number = `55219${String(i).padStart(8, '0')}`;
    const name = `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i}`;
    let row: unknown[] = [name, Number(number), `c${i}@example.com`, i % 100 === 1 ? 'VIP, Importado' : ''];
    if (i % 20 === 0) {
      const kind = (i / 20) % 4;
      if (kind === 0) row = ['', number, '', ''];
      else if (kind === 1) row = [name, '', '', ''];
      else if (kind === 2) row = [name, '1234', '', ''];
      else row = [name, number, 'no-at-sign', ''];
      if (kind <= 1) expected.ignored++;
      else expected.failed++;
    } else expected.created++;
    ws.addRow(row).commit();
  }
  ws.commit();
  await wb.commit();
  return expected;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atendo-bench-'));
  const config = loadConfig(
    {},
    { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', JOBS: 'on' },
  );
  const { database, drop } = await openBenchDatabase(dataDir, 'atendo_bench_contacts');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: Jobs | undefined;
  try {
    await runMigrations(database);
    await seedDatabase(database.db, {});
    const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);
    const hash = await hashPassword('Bench#12345');
    const dueDate = new Date(Date.now() + 365 * 86_400_000);
    const company = await insertCompany(database.db, { name: 'Empresa', dueDate });
    const noise = await insertCompany(database.db, { name: 'Ruído', dueDate });
    const [admin] = await q<{ id: number }>(
      `INSERT INTO users (company_id, name, email, password_hash, profile) VALUES ($1, 'Admin', 'admin@bench.test', $2, 'admin') RETURNING id`,
      [company.id, hash],
    );
    console.log(
      `Atendo contacts — ${database.kind}: import ${IMPORT_ROWS} rows, list over ${CONTACTS} contacts (+ ${NOISE} noise)`,
    );

    const media = new MediaStorage({ dir: config.mediaDir, baseUrl: config.backendUrl, secret: config.jwtSecret! });
    const tokens = new TokenService(config.jwtSecret!, 3600);
    jobs = new Jobs(database, { workers: true, pollingIntervalSeconds: 0.5 });
    const deps: CoreDeps = {
      config,
      database,
      tokens,
      limiter: new MemoryRateLimiter(),
      realtime: new RecordingPublisher(),
      mediaUrl: (p) => media.url(p),
      events: new DomainEventBus(),
      media,
      jobs,
      version: 'bench',
    };
    app = await buildApp(deps);
    await jobs.start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await tokens.sign({ userId: admin.id, companyId: company.id, tokenVersion: 0 });
    const auth = { authorization: `Bearer ${token}` };
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };

    // 1. Import
    const file = path.join(dataDir, 'contatos.xlsx');
    let t0 = Date.now();
    const expected = await writeSpreadsheet(file);
    const generatedMs = Date.now() - t0;
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)], { type: XLSX }), 'contatos.xlsx');
    t0 = Date.now();
    const upRes = await fetch(`${base}/contacts/upload`, { method: 'POST', headers: auth, body: form });
    if (!upRes.ok) throw new Error(`upload: ${upRes.status} ${await upRes.text()}`);
    const up = (await upRes.json()) as { importId: number; total: number };
    const uploadMs = Date.now() - t0;
    t0 = Date.now();
    await call('POST', '/contacts/import', { importId: up.importId, mapping: { name: 0, number: 1, email: 2, tags: 3 } });
    let done: { status: string; created: number; updated: number; ignored: number; failed: number; processed: number };
    for (;;) {
      done = await call('GET', `/contacts/import/${up.importId}`);
      if (done.status === 'done' || done.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const importMs = Date.now() - t0;
    if (
      done.status !== 'done' ||
      done.created !== expected.created ||
      done.ignored !== expected.ignored ||
      done.failed !== expected.failed
    ) {
      throw new Error(`import summary ${JSON.stringify(done)} differs from the file ${JSON.stringify(expected)}`);
    }
    const importFigures = {
      rows: IMPORT_ROWS,
      fileBytes: readFileSync(file).length,
      generatedMs,
      uploadMs,
      importMs,
      rowsPerSecond: Math.round(IMPORT_ROWS / (importMs / 1000)),
      summary: { created: done.created, updated: done.updated, ignored: done.ignored, failed: done.failed },
    };
    console.log(
      `import: ${IMPORT_ROWS} rows (${(importFigures.fileBytes / 1e6).toFixed(1)} MB .xlsx) — upload and preview ${uploadMs} ms, ` +
        `job ${(importMs / 1000).toFixed(1)} s = ${importFigures.rowsPerSecond} rows/s; created ${done.created}, ` +
        `ignored ${done.ignored}, errors ${done.failed} (as in the file)`,
    );

    // 2. List over CONTACTS contacts
    t0 = Date.now();
    const [{ n: have }] = await q<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE company_id = $1', [company.id]);
    const seed = (companyId: number, from: number, count: number) =>
      q(
        `INSERT INTO contacts (company_id, name, number, email, channel)
         SELECT $1, (ARRAY['${FIRST.join("','")}'])[1 + g % ${FIRST.length}] || ' ' || (ARRAY['${LAST.join("','")}'])[1 + (g / 7) % ${LAST.length}] || ' ' || g,
                '55' || (11 + g % 80)::text || lpad(g::text, 9, '0'), 'p' || g || '@example.com', 'whatsapp'
         FROM generate_series($2::int, $2::int + $3::int - 1) g`,
        [companyId, from, count],
      );
    await seed(company.id, 1, CONTACTS - have);
    await seed(noise.id, 1, NOISE);
    const [tag] = await q<{ id: number }>(
      `INSERT INTO tags (company_id, name, color) VALUES ($1, 'Clientes 2024', '#1E88E5') RETURNING id`,
      [company.id],
    );
    await q(
      `INSERT INTO contact_tags (company_id, contact_id, tag_id) SELECT $1, id, $2 FROM contacts WHERE company_id = $1 AND id % 10 = 0`,
      [company.id, tag.id],
    );
    await q('VACUUM ANALYZE');
    console.log(`seeded the list in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    const scenarios = [
      { name: 'floor: GET /auth/me', url: '/auth/me' },
      { name: 'contacts page 1', url: '/contacts' },
      { name: 'contacts page 50', url: '/contacts?pageNumber=50' },
      { name: "name search 'souza'", url: '/contacts?searchParam=souza' },
      { name: "number search '5521900001'", url: '/contacts?searchParam=5521900001' },
      { name: 'tag filter (10% of contacts)', url: `/contacts?contactTag=${encodeURIComponent(JSON.stringify([tag.id]))}` },
    ];
    for (const s of scenarios.slice(1)) {
      const body = (await call('GET', s.url)) as { contacts: unknown[]; count: number; hasMore: boolean };
      console.log(`  ${s.name}: count ${body.count}, page of ${body.contacts.length}`);
    }
    const results = [];
    for (const s of scenarios) {
      const url = `${base}${s.url}`;
      await load({ url, headers: auth, connections: 1, amount: 30 });
      const one = await load({ url, headers: auth, connections: 1, amount: SERIAL_REQUESTS });
      const many = await load({ url, headers: auth, connections, duration: seconds });
      results.push({ name: s.name, serial: one.latencyMs, load: many });
    }
    console.log(
      `\n1 client: ${SERIAL_REQUESTS} requests one at a time; ${connections} clients for ${seconds} s; node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.table(
      results.map((r) => ({
        scenario: r.name,
        '1 client p50 ms': r.serial.p50,
        '1 client p95 ms': r.serial.p95,
        '1 client p99 ms': r.serial.p99,
        [`${connections} clients req/s`]: r.load.requestsPerSecond,
        [`${connections} clients p95 ms`]: r.load.latencyMs.p95,
        errors: r.load.non2xx + r.load.errors,
      })),
    );
    const out = path.join(here, 'results');
    mkdirSync(out, { recursive: true });
    const resultFile = path.join(out, `contacts-${database.kind}.json`);
    writeFileSync(
      resultFile,
      `${JSON.stringify({ date: new Date().toISOString(), database: database.kind, node: process.version, cpus: os.cpus().length, contacts: CONTACTS, import: importFigures, results }, null, 2)}\n`,
    );
    console.log(`written ${path.relative(process.cwd(), resultFile)}`);
    if (results.some((r) => r.load.non2xx > 0 || r.load.errors > 0)) process.exitCode = 1;
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
