/**
 * The database of a bench run: embedded PGlite in the run's data folder, or — with DATABASE_URL — a fresh PostgreSQL
 * database dropped after the run. BENCH_KEEP=1 keeps it (its name is printed); BENCH_REUSE=<name> opens a kept one.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/open';

export async function openBenchDatabase(
  dataDir: string,
  prefix = 'atendo_bench',
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  if (url && process.env.BENCH_REUSE) {
    // A database kept by an earlier BENCH_KEEP=1 run: no seeding, the same rows.
    const u = new URL(url);
    u.pathname = `/${process.env.BENCH_REUSE}`;
    return { database: await openDatabase({ databaseUrl: u.toString(), poolSize: 20 }), drop: async () => {}, url: u.toString() };
  }
  if (!url) return { database: await openDatabase({ pgliteDir: path.join(dataDir, 'db') }), drop: async () => {} };
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: u.toString(), poolSize: 20 }),
    url: u.toString(),
    drop: async () => {
      // BENCH_KEEP=1 leaves the seeded database for EXPLAIN sessions.
      if (process.env.BENCH_KEEP === '1') return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
