/**
 * The move from pg-boss 10 to 12 (issue 38 item 1; decision 110; docs/deploy.md "Upgrading pg-boss"): pg-boss 12 cannot
 * migrate 10's schema, so `Jobs` sets it aside before starting and moves the jobs that had not run afterwards.
 */
import type * as Boss from 'pg-boss';
import type { PgBoss } from 'pg-boss';
import type { JobDefinition } from './jobs';

/** What the move needs of `Jobs`: whether a queue exists (registered or known to pg-boss), and creating one. */
export interface V10Queues {
  hasQueue(name: string): Promise<boolean>;
  createQueue(name: string, queue: JobDefinition['queue']): Promise<unknown>;
}

interface V10Job {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  start_after: string | Date;
  singleton_key: string | null;
  retry_limit: number | null;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number | null;
  policy: Boss.QueuePolicy | null;
}

/**
 * pg-boss 12 cannot migrate pg-boss 10's schema (version 24; its oldest starting point is 11's, 25): a database a
 * release before the upgrade used still holds it under `schema`. It is renamed to `<schema>_v10` (once, under an
 * advisory lock, whichever process starts first), so pg-boss 12 installs its own schema under the usual name and the
 * jobs that had not run are moved over (Jobs.adoptV10Jobs). The renamed schema keeps the old history until an operator
 * drops it (docs/deploy.md "Upgrading pg-boss").
 */
export async function setAsideV10Schema(db: Boss.Db, schema: string) {
  const name = schema.replace(/'/g, "''");
  await db.executeSql(`DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('atendo.pgboss.v10:${name}'));
  IF to_regclass(format('%I.version', '${name}')) IS NOT NULL THEN
    IF (SELECT max(version) FROM ${`"${schema.replace(/"/g, '""')}"`}.version) < 25 THEN
      EXECUTE format('ALTER SCHEMA %I RENAME TO %I', '${name}', '${name}_v10');
    END IF;
  END IF;
END $$`);
}

/**
 * Moves the jobs that had not run yet (created, retry) from pg-boss 10's schema, set aside by setAsideV10Schema, into
 * pg-boss 12's queues of the same names: same id, payload, priority, start time and singleton key; the queue's
 * current options (a queue only the old schema knew is created with its old ones). Copied before being deleted, by
 * id, so two processes starting together insert each job once (its id conflicts) and a crash between the two only
 * leaves it to be copied again (skipped by its id). The attempts made under pg-boss 10 are not carried over.
 */
export async function adoptV10Jobs(db: Boss.Db, boss: PgBoss, legacy: string, queues: V10Queues): Promise<number> {
  const q = `"${legacy.replace(/"/g, '""')}"`;
  const found = await db.executeSql(`SELECT to_regclass('${q}.job')::text AS t`);
  if (!(found.rows[0] as { t: string | null }).t) return 0;
  const { rows } = await db.executeSql(
    `SELECT j.id, j.name, j.data, j.priority, j.start_after, j.singleton_key, q.retry_limit, q.retry_delay,
            q.retry_backoff, q.expire_seconds, q.policy
       FROM ${q}.job j LEFT JOIN ${q}.queue q ON q.name = j.name
      WHERE j.state IN ('created', 'retry')`,
  );
  const jobs = rows as V10Job[];
  if (jobs.length === 0) return 0;
  for (const name of new Set(jobs.map((j) => j.name))) {
    const mine = jobs.filter((j) => j.name === name);
    const old = mine[0];
    if (!(await queues.hasQueue(name))) {
      const queue = {
        ...(old.policy ? { policy: old.policy } : {}),
        ...(old.retry_limit != null ? { retryLimit: old.retry_limit } : {}),
        ...(old.retry_delay != null ? { retryDelay: old.retry_delay } : {}),
        ...(old.retry_backoff != null ? { retryBackoff: old.retry_backoff } : {}),
        ...(old.expire_seconds != null ? { expireInSeconds: old.expire_seconds } : {}),
      };
      await queues.createQueue(name, queue);
    }
    await boss.insert(
      name,
      mine.map((j) => ({
        id: j.id,
        data: j.data ?? {},
        priority: j.priority,
        startAfter: new Date(j.start_after),
        ...(j.singleton_key ? { singletonKey: j.singleton_key } : {}),
      })),
    );
    await db.executeSql(`DELETE FROM ${q}.job WHERE name = $1 AND id = ANY($2::uuid[])`, [name, mine.map((j) => j.id)]);
  }
  return jobs.length;
}
