import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, DEFAULT_TIME_ZONE, dayIn, storedDay } from '@atendo/shared';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { contextLoader, type Modules, realtimeHandlers, seedDatabase } from '../src/composition';
import { loadConfig } from '../src/config';
import { type Database, openDatabase, runMigrations } from '../src/db/open';
import { companies, plans, users } from '../src/db/schema';
import { auditSettled } from '../src/modules/audit/audit.public';
import { hashPassword } from '../src/modules/auth/auth.public';
import { insertCompany } from '../src/modules/companies/companies.public';
import { TokenService } from '../src/platform/auth';
import type { CoreDeps } from '../src/platform/deps';
import { DomainEventBus } from '../src/platform/domain-events';
import type { App } from '../src/platform/http';
import { Jobs } from '../src/platform/jobs';
import { MediaStorage } from '../src/platform/media';
import { originPolicy } from '../src/platform/origins';
import { MemoryRateLimiter } from '../src/platform/rate-limit';
import { type Scheduler, SocketGateway } from '../src/platform/realtime';
import { type RealtimePublisher, RecordingPublisher } from '../src/platform/realtime-port';

export const ADMIN_EMAIL = 'admin@atendo.test';
export const ADMIN_PASSWORD = 'Admin#12345';
export const PASSWORD = 'Secret#123';

/** The suite runs twice in CI: on PGlite (`npm test`) and on PostgreSQL + Redis (`npm run test:pg`, DATABASE_URL set). */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A case whose point is scale or concurrency — not SQL both engines must agree on — runs once, on PostgreSQL
 * (issue 38 item 6). On PGlite it is reported as skipped with `why` beside its name. Call it first in the test:
 * `it('…', async (ctx) => { postgresOnly(ctx, 'why'); … })`.
 */
export function postgresOnly(ctx: { skip: (condition: boolean, note?: string) => void }, why: string) {
  ctx.skip(!onPostgres, `PostgreSQL only, run by npm run test:pg: ${why}`);
}

/**
 * A real database for one test file: PGlite in memory by default, or a fresh PostgreSQL
 * database (created and dropped) when DATABASE_URL is set — the suite runs on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const image = inject('pgliteImage'); // test/global-setup.ts: a migrated empty database
    const database = await openDatabase(image ? { pgliteImage: new Blob([readFileSync(image)]) } : {});
    await runMigrations(database);
    return database;
  }
  const name = `atendo_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = inject('pgTemplate'); // test/global-setup.ts: a migrated empty database
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
  await runMigrations(database);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return database;
}

export interface TestContext {
  app: App;
  deps: CoreDeps;
  database: Database;
  realtime: RecordingPublisher;
  dataDir: string;
  /** Every route registered (method, url, config): the sweeps walk them. */
  routes: RouteOptions[];
  /** The services tests drive directly (the automation's clock and timers). */
  modules: Modules;
  /** Resolves once every reaction to the domain events published so far has run (the bot answered, …). */
  settled(): Promise<void>;
  /** Set with `socket`: the socket gateway and the base URL the app listens on. */
  gateway?: SocketGateway;
  url?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  realtime?: RealtimePublisher;
  build?: BuildOptions;
  /** A real socket.io gateway on a listening port (optionally over Redis); replaces the recording publisher. */
  socket?: { redisUrl?: string; redisKey?: string; presenceGraceMs?: number; schedule?: Scheduler };
  /** Another instance on the same database and secret (two processes behind a load balancer). */
  shareWith?: TestContext;
  /** Registers extra job handlers before the queue starts (as a module's *.jobs.ts does). */
  registerJobs?: (jobs: Jobs) => void;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestContext> {
  const shared = opts.shareWith;
  const dataDir = shared?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'atendo-test-'));
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      JWT_SECRET: shared?.deps.config.jwtSecret ?? randomBytes(32).toString('hex'),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      JOBS: 'off',
      // Many tests write setup rows (connections, queues, hours) straight to the database: the automation reads them
      // every time unless a test asks for the cache (automation.setup-cache.test.ts).
      SETUP_CACHE_SECONDS: '0',
      ...opts.env,
    },
  );
  const database = shared?.database ?? (await openTestDatabase());
  if (!shared) await seedDatabase(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const realtime = new RecordingPublisher();
  const tokens = new TokenService(config.jwtSecret!, config.accessTokenTtlSeconds);
  const gateway = opts.socket
    ? new SocketGateway({
        origins: originPolicy(config),
        tokens,
        loadContext: contextLoader(database.db),
        // late-bound: the handlers need the deps that hold this gateway
        handlers: {
          roomsFor: (ctx) => handlers.roomsFor(ctx),
          userStatus: (ctx) => handlers.userStatus(ctx),
          userOffline: (ctx) => handlers.userOffline?.(ctx) ?? Promise.resolve(),
          canJoinTicket: (ctx, id) => handlers.canJoinTicket(ctx, id),
        },
        userStatusThrottleMs: 0,
        // a file that does not test presence never hears an earlier test's socket go offline
        presenceGraceMs: opts.socket.presenceGraceMs ?? 3_600_000,
        schedule: opts.socket.schedule,
        // as in production: the socket tests run with writes gathered (realtime-writes.ts)
        flushWindowMs: config.realtimeFlushMs,
      })
    : undefined;
  const media = new MediaStorage({
    dir: config.mediaDir,
    baseUrl: config.backendUrl,
    secret: config.jwtSecret!,
    ffmpegPath: config.ffmpegPath,
  });
  const jobs = new Jobs(database, { workers: config.jobs, pollingIntervalSeconds: 0.5 });
  const deps: CoreDeps = {
    config,
    database,
    tokens,
    limiter: new MemoryRateLimiter(),
    realtime: gateway ?? opts.realtime ?? realtime,
    mediaUrl: (p) => media.url(p),
    events: new DomainEventBus(),
    media,
    jobs,
    version: '0.0.0-test',
  };
  const handlers = realtimeHandlers(deps);
  const routes: RouteOptions[] = [];
  let modules: Modules | undefined;
  const app = await buildApp(deps, {
    ...opts.build,
    onModules: (m) => {
      modules = m;
    },
    onRoute: (r) => {
      routes.push(r);
      opts.build?.onRoute?.(r);
    },
    extend: async (a) => {
      gateway?.register(a);
      if (opts.socket?.redisUrl) await gateway?.useRedis(opts.socket.redisUrl, opts.socket.redisKey);
      await opts.build?.extend?.(a);
    },
  });
  await app.ready();
  if (gateway) deps.metrics?.setSource('atendo_sockets', () => [{ value: gateway.localSockets() }]);
  opts.registerJobs?.(jobs);
  if (config.jobs) await jobs.start();
  let url: string | undefined;
  if (gateway) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }
  return {
    app,
    deps,
    database,
    realtime,
    dataDir,
    routes,
    modules: modules!,
    settled: async () => {
      await deps.events.settled();
      await auditSettled();
    },
    gateway,
    url,
    async close() {
      await app.close();
      await jobs.stop();
      if (shared) return; // the first instance owns the database and the folder
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Tenant {
  companyId: number;
  adminId: number;
  adminEmail: string;
  adminToken: string;
  userId: number;
  userEmail: string;
  userToken: string;
}

/**
 * A due date `days` calendar days from today on São Paulo's clock (the tenants' zone), as companies store one: UTC
 * midnight of the day (issue 30 item 2). A company is active through its due day: -1 is expired, 0 is not.
 */
export function dueDay(days: number): Date {
  return storedDay(addDays(dayIn(new Date(), DEFAULT_TIME_ZONE), days));
}

let seq = 0;
/** A company with an admin and a plain user, both signed in. */
export async function createTenant(
  t: TestContext,
  opts: { name?: string; dueDate?: Date | null; planFlags?: Partial<typeof plans.$inferInsert>; status?: boolean } = {},
): Promise<Tenant> {
  const db = t.database.db;
  const n = `${++seq}-${randomBytes(3).toString('hex')}`;
  let planId: number | undefined;
  if (opts.planFlags) {
    const [p] = await db
      .insert(plans)
      .values({ name: `Plan ${n}`, users: 10, connections: 10, queues: 10, ...opts.planFlags })
      .returning();
    planId = p.id;
  } else {
    planId = (await db.query.plans.findFirst({ where: eq(plans.name, 'Plano Padrão') }))?.id;
  }
  const company = await insertCompany(db, {
    name: opts.name ?? `Company ${n}`,
    planId,
    dueDate: opts.dueDate === undefined ? dueDay(30) : opts.dueDate,
    status: opts.status ?? true,
  });
  const passwordHash = await hashPassword(PASSWORD);
  const adminEmail = `admin-${n}@example.com`;
  const userEmail = `user-${n}@example.com`;
  const [admin] = await db
    .insert(users)
    .values({ companyId: company.id, name: `Admin ${n}`, email: adminEmail, passwordHash, profile: 'admin' })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ companyId: company.id, name: `User ${n}`, email: userEmail, passwordHash, profile: 'user' })
    .returning();
  const adminToken = await t.deps.tokens.sign({ userId: admin.id, companyId: company.id, tokenVersion: 0 });
  const userToken = await t.deps.tokens.sign({ userId: user.id, companyId: company.id, tokenVersion: 0 });
  return { companyId: company.id, adminId: admin.id, adminEmail, adminToken, userId: user.id, userEmail, userToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** What most test files start with: `[t, a, b] = await appWithCompanies(2)` — the app and companies (an admin and a user each, signed in). */
export async function appWithCompanies(count: number, opts: TestAppOptions = {}): Promise<[TestContext, ...Tenant[]]> {
  const t = await createTestApp(opts);
  const tenants: Tenant[] = [];
  for (let i = 0; i < count; i++) tenants.push(await createTenant(t));
  return [t, ...tenants];
}

/** Two instances of the app on one database and one Redis channel: two processes behind a load balancer. */
export async function twoInstancesOnRedis(redisUrl: string, socket: TestAppOptions['socket'] = {}) {
  const redisKey = `atendo-test-${randomBytes(4).toString('hex')}`;
  const one = await createTestApp({ socket: { ...socket, redisUrl, redisKey } });
  const two = await createTestApp({ socket: { ...socket, redisUrl, redisKey }, shareWith: one });
  return [one, two] as const;
}

/** An authenticated request on the file's app (`t` read when called): `req('PUT', '/tags/1', token, body)`. */
export function requester(app: () => TestContext) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    app().app.inject({ method, url, headers: bearer(token), payload: payload as never });
}

/** Signs in the platform's super admin (company 1); answers the access token. */
export async function superAdminToken(t: TestContext): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  return res.json().token;
}

export async function setCompany(t: TestContext, companyId: number, values: Partial<typeof companies.$inferInsert>) {
  await t.database.db.update(companies).set(values).where(eq(companies.id, companyId));
}

export interface FormPart {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: FormPart[]) {
  const boundary = `----atendo${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs one file as the multipart field `file`: `postFile(t, '/contacts/upload', token, csv, 'a.csv', 'text/csv')`. */
export function postFile(t: TestContext, url: string, token: string, data: Buffer, filename: string, contentType: string) {
  const form = multipart([{ name: 'file', data, filename, contentType }]);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
}

/** A real 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
