import type { FastifyBaseLogger } from 'fastify';
import type * as Boss from 'pg-boss';
import { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/open';
import { adoptV10Jobs, setAsideV10Schema } from './jobs.v10';

/** A job's contract: a queue name and the schema of its payload (Documenso's jobs/definitions). */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Queue options (retries, expiry); kept when the queue is created. */
  queue?: Pick<Boss.Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds' | 'retentionSeconds' | 'policy'>;
}

export type JobPayload<D extends JobDefinition> = z.input<D['schema']>;

export interface JobInfo {
  id: string;
  name: string;
}

export type JobHandler<D extends JobDefinition> = (payload: z.output<D['schema']>, job: JobInfo) => Promise<void>;

export interface WorkerOptions {
  /** Cron expression (UTC): the job is sent with an empty payload on that schedule, once across all processes. */
  cron?: string;
  /** Seconds between polls of this queue; a send from this process wakes its worker at once. */
  pollingIntervalSeconds?: number;
  /** Jobs taken per poll (handled one after the other). */
  batchSize?: number;
  /**
   * Workers of this queue in each process (default 1): jobs that wait on a slow provider (an AI model, a Typebot)
   * run side by side; each job still runs once. Leave 1 where jobs must run in their order (sends).
   */
  concurrency?: number;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  if (!/^[a-z][\w.-]{1,60}$/i.test(def.name)) throw new Error(`invalid job name ${def.name}`);
  return def;
}

/** How often a PostgreSQL deployment fails expired jobs (see doStart): with a job's expiry, the worst wait for its retry. */
export const MAINTENANCE_SECONDS_PG = 30;

export type JobsState = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

export interface JobsOptions {
  /** Run workers and cron schedules here (config JOBS=on). Off: jobs are still stored by send(), never run. */
  workers: boolean;
  /** Default seconds between polls; PGlite is one connection, so it is polled less often than PostgreSQL. */
  pollingIntervalSeconds?: number;
  logger?: FastifyBaseLogger;
  /** Schema pg-boss keeps its tables in. */
  schema?: string;
  /** Config MINUTE_JOBS_EVERY_SECONDS: the every-minute cron jobs are also sent this often (journeys, demos). */
  minuteJobsEverySeconds?: number;
}

interface Registered {
  def: JobDefinition;
  handler: JobHandler<JobDefinition>;
  opts: WorkerOptions;
  workerIds: string[];
}

/**
 * pg-boss on PostgreSQL and on PGlite: transaction blocks pg-boss sends as one multi-statement string
 * (BEGIN; …; COMMIT;) run inside PGlite's own transaction (so a failure rolls back instead of leaving the
 * single connection aborted); other statements go through query (with parameters) or exec.
 */
/**
 * A multi-statement string answers every statement's result, in order (an array), as pg-boss' own database does:
 * pg-boss 12 reads rows of more than the last statement (its background-migration claim looks for the advisory lock's
 * row). One statement answers its result alone.
 */
function everyResult(results: { rows: unknown[] } | { rows: unknown[] }[]): { rows: unknown[] } {
  if (!Array.isArray(results)) return results;
  return (results.length === 1 ? results[0] : results) as unknown as { rows: unknown[] };
}

export function bossDb(database: Database): Boss.Db {
  const txBlock = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;
  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    return {
      async executeSql(text, values) {
        const block = txBlock.exec(text);
        if (block) return everyResult(await pglite.transaction((tx) => tx.exec(block[1])));
        if (values && values.length > 0) return pglite.query(text, values);
        return everyResult(await pglite.exec(text));
      },
    };
  }
  const pool = database.pool!;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pool.query(text, values);
      // Without parameters pg-boss may send several statements with their own BEGIN/COMMIT: one client,
      // and a ROLLBACK on failure so the pooled connection never goes back in an aborted transaction.
      const client = await pool.connect();
      try {
        return everyResult(await client.query(text));
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * pg-boss' database, with a count of its statements in flight. pg-boss 10 does not wait, when it stops, for a worker's
 * fetch in flight, nor await the complete/fail of the job that fetch returned: once the application closed its pool,
 * those rejected unhandled and ended the process (seen in bench/ingest scenario c). `Jobs.stop` waits until nothing is
 * in flight here and no handler runs; after `close()` a stray statement answers nothing instead of reaching a closed
 * pool.
 */
function countedBossDb(db: Boss.Db) {
  let inFlight = 0;
  let closed = false;
  return {
    db: {
      async executeSql(text: string, values?: unknown[]) {
        if (closed) return { rows: [] };
        inFlight++;
        try {
          return await db.executeSql(text, values as unknown[]);
        } finally {
          inFlight--;
        }
      },
    } satisfies Boss.Db,
    inFlight: () => inFlight,
    close() {
      closed = true;
    },
  };
}

/** Durable background jobs (pg-boss on the application's database). */
export class Jobs {
  private boss: PgBoss | undefined;
  private bossDatabase: ReturnType<typeof countedBossDb> | undefined;
  /** Handlers running in this process (stop waits for them, and for the completion that follows each). */
  private running = 0;
  private registered = new Map<string, Registered>();
  /** Queues named at run time that this process works (workAlso), by name: their worker ids. */
  private extra = new Map<string, Promise<string | undefined>>();
  private starting: Promise<void> | undefined;
  private _state: JobsState = 'idle';
  private lastError: string | undefined;

  constructor(
    private database: Database,
    private opts: JobsOptions,
  ) {}

  get state(): JobsState {
    return this._state;
  }

  get workersEnabled() {
    return this.opts.workers;
  }

  /** Registers a handler (from a module's *.jobs.ts) before start(). */
  register<D extends JobDefinition>(def: D, handler: JobHandler<D>, opts: WorkerOptions = {}) {
    const known = this.registered.get(def.name);
    if (known && known.def !== def) throw new Error(`two job definitions are named ${def.name}`);
    this.registered.set(def.name, { def, handler: handler as JobHandler<JobDefinition>, opts, workerIds: [] });
  }

  private often?: NodeJS.Timeout;
  /** Sends each every-minute cron job every `seconds` too (one per window across processes: pg-boss' singleton). */
  private tickOften(seconds: number) {
    const minutely = [...this.registered.values()].filter((r) => r.opts.cron === '* * * * *');
    this.often = setInterval(() => {
      for (const r of minutely) {
        void this.send(r.def, {} as never, { singletonKey: 'often', singletonSeconds: seconds }).catch((err) =>
          this.opts.logger?.warn({ err, job: r.def.name }, 'an extra tick was not sent'),
        );
      }
    }, seconds * 1000);
    this.often.unref();
  }

  /** Installs pg-boss' schema and, with workers on, starts polling and the cron schedules. */
  start(): Promise<void> {
    this.starting ??= this.doStart(this.opts.workers).catch((err) => {
      this._state = 'failed';
      this.lastError = String(err?.message ?? err);
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  private async doStart(workers: boolean) {
    this._state = 'starting';
    const poll = this.opts.pollingIntervalSeconds ?? (this.database.kind === 'pglite' ? 5 : 2);
    this.bossDatabase = countedBossDb(bossDb(this.database));
    const boss = new PgBoss({
      db: this.bossDatabase.db,
      schema: this.opts.schema ?? 'pgboss',
      supervise: workers,
      schedule: workers,
      migrate: true,
      // Maintenance fails jobs past their expiry (a process killed mid-job leaves them active) so they are retried
      // elsewhere: every 30 s on PostgreSQL (one process does it for all); it holds PGlite's only connection briefly,
      // so less often there (one process: its jobs are picked up when it restarts).
      maintenanceIntervalSeconds: this.database.kind === 'pglite' ? 300 : MAINTENANCE_SECONDS_PG,
      cronWorkerIntervalSeconds: Math.max(poll, 5),
    });
    boss.on('error', (err) => {
      this.lastError = String(err?.message ?? err);
      this.opts.logger?.error({ err }, 'job queue error');
    });
    const schema = this.opts.schema ?? 'pgboss';
    await setAsideV10Schema(this.bossDatabase.db, schema);
    await boss.start();
    this.boss = boss;
    for (const r of this.registered.values()) await this.ensureQueue(r.def);
    await this.adoptV10Jobs(`${schema}_v10`);
    if (workers) {
      for (const r of this.registered.values()) {
        const count = Math.max(1, Math.min(16, r.opts.cron ? 1 : (r.opts.concurrency ?? 1)));
        for (let i = 0; i < count; i++) {
          let id: string | undefined;
          id = await boss.work(
            r.def.name,
            { pollingIntervalSeconds: r.opts.pollingIntervalSeconds ?? poll, batchSize: r.opts.batchSize ?? 1 },
            (batch) => this.handle(r, batch, () => id),
          );
          r.workerIds.push(id);
          // Its first fetch may have found a job before its id was known here: wake it, so it looks again now.
          boss.notifyWorker(id);
        }
        if (r.opts.cron) await boss.schedule(r.def.name, r.opts.cron, {});
        else await boss.unschedule(r.def.name).catch(() => {});
      }
    }
    if (workers && this.opts.minuteJobsEverySeconds) this.tickOften(this.opts.minuteJobsEverySeconds);
    this._state = 'running';
    this.opts.logger?.info({ workers, queues: [...this.registered.keys()] }, 'job queue started');
  }

  /**
   * Creates the queue with its definition's options; an existing queue whose retry or expiry options differ from the
   * definition (a release changed them) is updated, so new jobs get the new figures (its policy is left as it is).
   */
  private async ensureQueue(def: Pick<JobDefinition, 'name' | 'queue'>) {
    const boss = this.boss!;
    const existing = await boss.getQueue(def.name);
    if (!existing) {
      await boss.createQueue(def.name, { ...def.queue }).catch(async (err) => {
        if (!(await boss.getQueue(def.name))) throw err; // another process created it meanwhile
      });
      return;
    }
    const want = def.queue ?? {};
    const keys = ['retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const;
    const changed = keys.filter((k) => want[k] !== undefined && existing[k] !== want[k]);
    if (changed.length === 0) return;
    const options: Boss.UpdateQueueOptions = {};
    for (const k of keys) if (want[k] !== undefined) Object.assign(options, { [k]: want[k] });
    await boss.updateQueue(def.name, options);
    this.opts.logger?.info({ queue: def.name, changed }, 'job queue options updated');
  }

  /** pg-boss 10's waiting jobs into this pg-boss' queues (jobs.v10.ts). */
  private async adoptV10Jobs(legacy: string) {
    const moved = await adoptV10Jobs(this.bossDatabase!.db, this.boss!, legacy, {
      hasQueue: async (name) => this.registered.has(name) || Boolean(await this.boss!.getQueue(name)),
      createQueue: (name, queue) => this.ensureQueue({ name, queue }),
    });
    if (moved) this.opts.logger?.info({ jobs: moved, from: legacy }, "pg-boss 10's waiting jobs moved to pg-boss 12");
  }

  /**
   * Runs a fetched batch. pg-boss 10's worker waits its whole polling interval after every fetch, even one that found
   * work, unless notified meanwhile: a queue with a backlog then ran one job per interval (an AI queue answered one
   * customer every 2 s after a burst; bench/ingest scenario c). A worker that found work is told to look again at once;
   * only an empty poll waits.
   */
  private async handle(r: Registered, batch: Boss.Job<unknown>[], workerId: () => string | undefined) {
    if (batch.length > 0 && this._state !== 'stopping' && this._state !== 'stopped') {
      const id = workerId();
      if (id) this.boss?.notifyWorker(id);
    }
    this.running++;
    try {
      for (const job of batch) {
        const parsed = r.def.schema.safeParse(job.data ?? {});
        if (!parsed.success) {
          this.opts.logger?.error(
            { job: job.id, name: job.name, issues: parsed.error.issues },
            'job payload does not match its schema',
          );
          throw new Error(`invalid payload for ${job.name}`);
        }
        await r.handler(parsed.data, { id: job.id, name: job.name });
      }
    } finally {
      // pg-boss completes the job right after (unawaited): stop's wait sees that statement in flight.
      this.running--;
    }
  }

  /**
   * Works, besides the registered queues, a queue named at run time that shares a registered definition's schema,
   * options and handler (the sends of one QR connection, worked only by the process that owns its session). No-op
   * with workers off or when already worked here.
   */
  workAlso(def: JobDefinition, name: string, opts: WorkerOptions = {}): Promise<void> {
    if (!this.opts.workers || this.extra.has(name)) return Promise.resolve();
    const r = this.registered.get(def.name);
    if (!r) return Promise.reject(new Error(`job ${def.name} is not registered`));
    const working = (async () => {
      await this.start();
      await this.ensureQueue({ ...def, name });
      const poll = this.opts.pollingIntervalSeconds ?? (this.database.kind === 'pglite' ? 5 : 2);
      let id: string | undefined;
      id = await this.boss!.work(
        name,
        { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? r.opts.pollingIntervalSeconds ?? poll, batchSize: 1 },
        (batch) => this.handle(r, batch, () => id),
      );
      this.boss!.notifyWorker(id);
      return id;
    })();
    this.extra.set(name, working);
    return working.then(
      () => undefined,
      (err) => {
        this.extra.delete(name);
        throw err;
      },
    );
  }

  /** Stops working a queue started by workAlso (its jobs wait for the next process that works it). */
  async stopWorking(name: string): Promise<void> {
    const working = this.extra.get(name);
    if (!working) return;
    this.extra.delete(name);
    const id = await working.catch(() => undefined);
    if (id && this.boss && this._state === 'running') await this.boss.offWork(name, { id }).catch(() => undefined);
  }

  /** Stores a job of `def` in the run-time queue `name` (see workAlso), created with the definition's options. */
  async sendTo<D extends JobDefinition>(
    def: D,
    name: string,
    payload: JobPayload<D>,
    options: Boss.SendOptions = {},
  ): Promise<string | null> {
    if (name === def.name) return this.send(def, payload, options);
    const data = def.schema.parse(payload) as object;
    await this.start();
    await this.ensureQueue({ ...def, name });
    const id = await this.boss!.send(name, data, options);
    const local = await this.extra.get(name)?.catch(() => undefined);
    if (local) this.boss!.notifyWorker(local);
    return id;
  }

  /** Stores a job (validated against its schema); runs in whichever process works that queue. Returns its id. */
  async send<D extends JobDefinition>(def: D, payload: JobPayload<D>, options: Boss.SendOptions = {}): Promise<string | null> {
    const data = def.schema.parse(payload) as object;
    await this.start();
    if (!this.registered.has(def.name)) await this.ensureQueue(def);
    const id = await this.boss!.send(def.name, data, options);
    const local = this.registered.get(def.name)?.workerIds[0];
    if (local) this.boss!.notifyWorker(local);
    return id;
  }

  /** Runs a registered handler now, in this process (tests, admin actions). */
  async runNow<D extends JobDefinition>(def: D, payload: JobPayload<D>): Promise<void> {
    const r = this.registered.get(def.name);
    if (!r) throw new Error(`job ${def.name} is not registered`);
    await r.handler(def.schema.parse(payload), { id: 'inline', name: def.name });
  }

  /**
   * Forgets the jobs of a deleted company that have not run yet (every job payload of a company carries its
   * `companyId`); a job already running finds its rows gone and ends. Returns how many were dropped.
   */
  async dropCompanyJobs(companyId: number): Promise<number> {
    await this.start();
    const schema = (this.opts.schema ?? 'pgboss').replace(/"/g, '""');
    const res = await bossDb(this.database).executeSql(
      `DELETE FROM "${schema}".job WHERE state IN ('created', 'retry') AND data->>'companyId' = $1`,
      [String(companyId)],
    );
    return (res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0;
  }

  /** Jobs by queue and state as pg-boss keeps them (GET /metrics); none before the queue started here. */
  async queueCounts(): Promise<{ queue: string; state: string; count: number }[]> {
    if (this._state !== 'running') return [];
    const schema = (this.opts.schema ?? 'pgboss').replace(/"/g, '""');
    return this.database.query<{ queue: string; state: string; count: number }>(
      `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM "${schema}".job GROUP BY 1, 2`,
    );
  }

  /** A job's state as pg-boss keeps it (null once archived and purged, or never sent). */
  async getJob(def: JobDefinition, id: string) {
    await this.start();
    return this.boss!.getJobById(def.name, id);
  }

  /** For GET /health: the queue answers when it was started; 'idle' (never needed yet) is healthy. */
  async health(): Promise<{ ok: boolean; state: JobsState; workers: boolean; error?: string }> {
    const base = { state: this._state, workers: this.opts.workers };
    if (this._state === 'failed') return { ok: false, ...base, error: this.lastError };
    if (this._state !== 'running' || !this.boss) return { ok: this._state !== 'stopped', ...base };
    try {
      await this.boss.getQueues();
      return { ok: true, ...base };
    } catch (err) {
      return { ok: false, ...base, error: String((err as Error).message) };
    }
  }

  /** Graceful: stops fetching, waits for running handlers (up to timeoutMs), leaves the database open. */
  async stop(timeoutMs = 10_000) {
    if (this.starting) await this.starting.catch(() => {});
    const boss = this.boss;
    if (!boss || this._state === 'stopped') {
      this._state = 'stopped';
      return;
    }
    this._state = 'stopping';
    clearInterval(this.often);
    await boss.stop({ graceful: true, close: false, timeout: timeoutMs }).catch((err) => {
      this.opts.logger?.error({ err }, 'job queue did not stop cleanly');
    });
    // A worker's fetch may still be in flight, and the job it returns runs and completes after pg-boss stopped: the
    // database may close only once that has ended too (quiet twice in a row, 20 ms apart).
    const until = Date.now() + timeoutMs;
    let quiet = 0;
    while (quiet < 2 && Date.now() < until) {
      quiet = this.running === 0 && (this.bossDatabase?.inFlight() ?? 0) === 0 ? quiet + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.bossDatabase?.close();
    this._state = 'stopped';
  }
}
