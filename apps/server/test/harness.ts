import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase, runMigrations } from '../src/db/open';
import { companies, plans, users } from '../src/db/schema';
import { seedPlatform } from '../src/db/seed';
import { hashPassword } from '../src/modules/auth/auth.service';
import { insertCompany } from '../src/modules/companies/companies.repository';
import { TokenService } from '../src/platform/auth';
import type { CoreDeps } from '../src/platform/deps';
import type { App } from '../src/platform/http';
import { MemoryRateLimiter } from '../src/platform/rate-limit';
import { type RealtimePublisher, RecordingPublisher } from '../src/platform/realtime-port';

export const ADMIN_EMAIL = 'admin@atendo.test';
export const ADMIN_PASSWORD = 'Admin#12345';
export const PASSWORD = 'Secret#123';

/**
 * A real database for one test file: PGlite in memory by default, or a fresh PostgreSQL
 * database (created and dropped) when DATABASE_URL is set — the suite runs on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await runMigrations(database);
    return database;
  }
  const name = `atendo_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { env?: Record<string, string>; realtime?: RealtimePublisher; build?: BuildOptions } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atendo-test-'));
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      JOBS: 'off',
      ...opts.env,
    },
  );
  const database = await openTestDatabase();
  await seedPlatform(database.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const realtime = new RecordingPublisher();
  const deps: CoreDeps = {
    config,
    database,
    tokens: new TokenService(config.jwtSecret!, config.accessTokenTtlSeconds),
    limiter: new MemoryRateLimiter(),
    realtime: opts.realtime ?? realtime,
    mediaUrl: (p) => `${config.backendUrl}/media/${p}`,
    version: '0.0.0-test',
  };
  const app = await buildApp(deps, opts.build);
  await app.ready();
  return {
    app,
    deps,
    database,
    realtime,
    dataDir,
    async close() {
      await app.close();
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
    dueDate: opts.dueDate === undefined ? new Date(Date.now() + 30 * 86_400_000) : opts.dueDate,
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

export async function setCompany(t: TestContext, companyId: number, values: Partial<typeof companies.$inferInsert>) {
  await t.database.db.update(companies).set(values).where(eq(companies.id, companyId));
}
