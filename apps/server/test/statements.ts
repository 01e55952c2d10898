/**
 * Counts the SQL statements (and, on PostgreSQL, the pool checkouts) a piece of work sends to one test database:
 * every query and exec on PGlite (a transaction counts its BEGIN and COMMIT), every client query on PostgreSQL.
 * Deterministic, unlike a timing: the statement-count tests and bench/ingest use it.
 */
import type { Database } from '../src/db/open';

export interface StatementCounter {
  statements: number;
  checkouts: number;
  /** The statements' text, in order (to say what went over a budget). */
  texts: string[];
  stop(): void;
}

type Fn = (...args: unknown[]) => unknown;

function wrap(target: Record<string, unknown>, key: string, before: (args: unknown[]) => void): () => void {
  const original = target[key] as Fn;
  target[key] = function (this: unknown, ...args: unknown[]) {
    before(args);
    return original.apply(this, args);
  };
  return () => {
    target[key] = original;
  };
}

const textOf = (a: unknown) => (typeof a === 'string' ? a : ((a as { text?: string })?.text ?? '?'));

export function countStatements(database: Database, opts: { keepTexts?: boolean } = { keepTexts: true }): StatementCounter {
  const counter: StatementCounter = { statements: 0, checkouts: 0, texts: [], stop: () => {} };
  const count = (args: unknown[]) => {
    counter.statements++;
    if (opts.keepTexts) counter.texts.push(textOf(args[0]).replace(/\s+/g, ' ').slice(0, 120));
  };
  const undo: (() => void)[] = [];
  if (database.pglite) {
    const lite = database.pglite as unknown as Record<string, unknown>;
    undo.push(wrap(lite, 'query', count), wrap(lite, 'exec', count));
    const transaction = lite.transaction as Fn;
    lite.transaction = function (this: unknown, cb: (tx: Record<string, unknown>) => unknown) {
      counter.statements += 2; // BEGIN, COMMIT
      if (opts.keepTexts) counter.texts.push('BEGIN … COMMIT');
      return transaction.call(this, (tx: Record<string, unknown>) => {
        wrap(tx, 'query', count);
        wrap(tx, 'exec', count);
        return cb(tx);
      });
    };
    undo.push(() => {
      lite.transaction = transaction;
    });
  } else if (database.pool) {
    const pool = database.pool;
    const proto = (pool as unknown as { options: { Client: { prototype: Record<string, unknown> } } }).options.Client.prototype;
    undo.push(wrap(proto, 'query', count));
    const onAcquire = () => {
      counter.checkouts++;
    };
    pool.on('acquire', onAcquire);
    undo.push(() => pool.off('acquire', onAcquire));
  }
  counter.stop = () => {
    for (const u of undo.reverse()) u();
  };
  return counter;
}
