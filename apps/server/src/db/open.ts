import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { StatementCachingClient } from './statement-cache';

export type Schema = typeof schema;
/**
 * The one database handle type: the PGlite and node-postgres databases and a transaction of either
 * (`PgTransaction` extends `PgDatabase`) are all a `Db`, so a repository function takes a transaction as it is.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** Raw parameterised SQL (for pg-boss and the few statements Drizzle does not express). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Rows of a `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
/** A user's search term inside LIKE/ILIKE '%…%': its %, _ and \ match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database folder ${dir} is in use by another Atendo process (pid ${pid}). ` +
        'Stop that process, or point DATA_DIR elsewhere, or set DATABASE_URL to use PostgreSQL.',
    );
  }
}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite has no protection against two processes opening one folder: an exclusive lock file does it. */
function takeLock(dir: string): () => void {
  const lockPath = path.join(dir, '.atendo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && pidAlive(pid)) throw new DatabaseLockedError(dir, pid);
      rmSync(lockPath, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; omitted = in memory (tests). */
  pgliteDir?: string;
  /**
   * In memory only: start from this dump of a data folder (`PGlite.dumpDataDir`) instead of an empty cluster. The test
   * harness dumps one migrated database per run: loading it takes a third of the time of a new cluster, then migrating.
   */
  pgliteImage?: Blob;
  poolSize?: number;
}

/** Extensions the migrations create (pg_trgm: substring search of contacts through a trigram index). */
const extensions = { pg_trgm };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20, Client: StatementCachingClient });
    pool.on('error', () => {}); // idle client errors surface on the next query
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      kind: 'pg',
      db,
      pool,
      async query(text, params) {
        const res = await pool.query(text, params as unknown[]);
        return res.rows;
      },
      async close() {
        await pool.end();
      },
    };
  }
  let release = () => {};
  let pglite: PGlite;
  if (opts.pgliteDir) {
    mkdirSync(opts.pgliteDir, { recursive: true });
    release = takeLock(opts.pgliteDir);
    try {
      pglite = await PGlite.create(opts.pgliteDir, { extensions });
    } catch (err) {
      release();
      throw err;
    }
  } else {
    pglite = await PGlite.create({ extensions, ...(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {}) });
  }
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' });
  return {
    kind: 'pglite',
    db,
    pglite,
    async query(text, params) {
      const res = await pglite.query(text, params as unknown[]);
      return res.rows as never[];
    },
    async close() {
      await pglite.close();
      release();
    },
  };
}

/** Applies the committed SQL migrations; on PostgreSQL under an advisory lock so several processes can start at once. */
export async function runMigrations(database: Database) {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await migratePg(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}
