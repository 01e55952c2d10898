/**
 * Hot statements built once (issue 29 item 4): Drizzle renders the SQL text a single time with named placeholders,
 * and each call only fills the parameters and hands text and values to the driver — no query building per message.
 * On PostgreSQL the pool's StatementCachingClient (db/statement-cache.ts) then prepares the text once per connection.
 */
import { fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './open';

const dialect = new PgDialect();

/** A statement built once (its SQL text and where each parameter comes from); `fill` gives one call's values. */
export interface BuiltStatement<P> {
  text: string;
  fill(values: P): unknown[];
}

/** `build` receives placeholders named after `P`'s keys instead of values; its text is rendered here and never again. */
export function buildOnce<P extends Record<string, unknown>>(
  build: (p: { [K in keyof P]: Placeholder<K & string> }) => SQL,
): BuiltStatement<P> {
  const p = new Proxy({} as { [K in keyof P]: Placeholder<K & string> }, {
    get: (_target, key) => sql.placeholder(String(key)),
  });
  const { sql: text, params } = dialect.sqlToQuery(build(p));
  return { text, fill: (values: P) => fillPlaceholders(params, values) };
}

/** A statement built on first use (a module-level constant would render at import time). */
export function lazyBuilt<P extends Record<string, unknown>>(build: Parameters<typeof buildOnce<P>>[0]) {
  let built: BuiltStatement<P> | undefined;
  return () => (built ??= buildOnce<P>(build));
}

type QueryFn = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs a built statement past Drizzle with the driver underneath `db` — the pool or PGlite for the database handle,
 * the transaction's own client inside `db.transaction` (so the statement sees and holds what the transaction does).
 */
export async function executeBuilt<P>(db: Db, statement: BuiltStatement<P>, values: P): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('executeBuilt: no driver client under this handle');
  return (await (client.query as QueryFn).call(client, statement.text, statement.fill(values))).rows;
}
