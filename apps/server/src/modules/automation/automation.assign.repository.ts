/**
 * The SQL of the queues' assignment rule (automation.assign.ts; docs/automation.md "Assignment"). Every decision runs
 * inside one transaction that first takes the company's assignment lock (decision 100).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { queues } from '../../db/schema';
import type { Tenant } from '../../platform/context';

/** The advisory lock class of the assignment rule (its key is the company id). */
const ASSIGNMENT_LOCK_CLASS = 33_001;

/**
 * Serializes the company's assignment decisions in every process until the transaction ends: counting an attendant's
 * open tickets and giving one more is then one step (an attendant of two queues is counted once, by one decider).
 */
export async function lockCompanyAssignment(tx: Db, { companyId }: Tenant) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ASSIGNMENT_LOCK_CLASS}::int, ${companyId}::int)`);
}

export interface AssignmentQueue {
  id: number;
  mode: string;
  capacity: number;
  lastUserId: number | null;
  /** The company's `userRandom` switch (seed 001): a queue whose own mode is off assigns at random when it is on. */
  userRandom: boolean;
  timezone: string;
}

export async function findAssignmentQueue(tx: Db, { companyId }: Tenant, queueId: number): Promise<AssignmentQueue | null> {
  const rows = rowsOf<{
    id: number;
    mode: string;
    capacity: number;
    last_user_id: number | null;
    user_random: string | null;
    timezone: string;
  }>(
    await tx.execute(sql`
      SELECT q.id, q.assignment_mode AS mode, q.assignment_capacity AS capacity, q.assignment_last_user_id AS last_user_id,
        s.user_random, c.timezone
      FROM queues q JOIN companies c ON c.id = q.company_id
        LEFT JOIN company_settings s ON s.company_id = q.company_id
      WHERE q.company_id = ${companyId} AND q.id = ${queueId}`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    mode: r.mode,
    capacity: Number(r.capacity),
    lastUserId: r.last_user_id === null ? null : Number(r.last_user_id),
    userRandom: r.user_random === 'enabled',
    timezone: r.timezone,
  };
}

export interface AssignmentCandidate {
  id: number;
  /** Live tickets the user attends now (status open), whatever their queue. */
  open: number;
  /** Most open tickets the rule fills the user up to (the user's own, else the queue's); 0 = no limit. */
  capacity: number;
  allowGroup: boolean;
  startWork: string;
  endWork: string;
}

/** The queue's online, active users with their open tickets and capacity, by id (the round robin's order). */
export async function assignmentCandidates(tx: Db, { companyId }: Tenant, queueId: number): Promise<AssignmentCandidate[]> {
  const rows = rowsOf<{
    id: number;
    open: number;
    capacity: number;
    allow_group: string;
    start_work: string;
    end_work: string;
  }>(
    await tx.execute(sql`
      SELECT u.id, u.allow_group, u.start_work, u.end_work,
        COALESCE(u.assignment_capacity, q.assignment_capacity) AS capacity, COALESCE(o.n, 0) AS open
      FROM user_queues uq JOIN users u ON u.id = uq.user_id AND u.company_id = uq.company_id
        JOIN queues q ON q.id = uq.queue_id AND q.company_id = uq.company_id
        LEFT JOIN (
          SELECT user_id, count(*)::int AS n FROM tickets
          WHERE company_id = ${companyId} AND status = 'open' AND user_id IS NOT NULL GROUP BY user_id
        ) o ON o.user_id = u.id
      WHERE uq.company_id = ${companyId} AND uq.queue_id = ${queueId} AND u.online AND u.status = 'active'
      ORDER BY u.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    open: Number(r.open),
    capacity: Number(r.capacity),
    allowGroup: r.allow_group === 'enabled',
    startWork: r.start_work,
    endWork: r.end_work,
  }));
}

/** Tickets waiting in the queue for an attendant (pending, nobody, the bot done), oldest first; groups only when asked. */
export async function queueWaiting(
  tx: Db,
  { companyId }: Tenant,
  queueId: number,
  o: { limit: number; groups: boolean; waitedSince?: Date },
) {
  const groups = o.groups ? sql`` : sql`AND NOT t.is_group`;
  const waited = o.waitedSince ? sql`AND t.updated_at <= ${o.waitedSince.toISOString()}::timestamptz` : sql``;
  // returned_by: the attendant whose "return to queue" is the ticket's last log line (the rule does not hand it back).
  const rows = rowsOf<{ id: number; is_group: boolean; returned_by: number | null }>(
    await tx.execute(sql`
      SELECT t.id, t.is_group,
             (SELECT CASE WHEN l.type = 'pending' THEN l.user_id END FROM ticket_logs l
              WHERE l.company_id = t.company_id AND l.ticket_id = t.id ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS returned_by
      FROM tickets t
      WHERE t.company_id = ${companyId} AND t.queue_id = ${queueId} AND t.status = 'pending' AND t.user_id IS NULL
        AND NOT t.is_bot ${groups} ${waited}
      ORDER BY t.created_at, t.id LIMIT ${o.limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    isGroup: r.is_group === true,
    returnedBy: r.returned_by === null ? null : Number(r.returned_by),
  }));
}

/**
 * Gives each still-waiting ticket of `plan` to its user and writes the log's `autoAssigned` line, in one statement
 * (compare-and-set: a ticket an attendant accepted meanwhile is left out). Answers what was given.
 */
export async function assignByRule(
  tx: Db,
  { companyId }: Tenant,
  plan: { ticketId: number; userId: number }[],
): Promise<{ ticketId: number; userId: number }[]> {
  if (!plan.length) return [];
  const values = sql.join(
    plan.map((p) => sql`(${p.ticketId}::int, ${p.userId}::int)`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; user_id: number }>(
    await tx.execute(sql`
      WITH given AS (
        UPDATE tickets t SET user_id = v.user_id, status = 'open', updated_at = now()
        FROM (VALUES ${values}) AS v(id, user_id)
        WHERE t.company_id = ${companyId} AND t.id = v.id AND t.status = 'pending' AND t.user_id IS NULL AND NOT t.is_bot
        RETURNING t.id, t.user_id, t.queue_id
      ), logged AS (
        INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id)
        SELECT ${companyId}, id, 'autoAssigned', user_id, queue_id FROM given
      )
      SELECT id, user_id FROM given`),
  );
  return rows.map((r) => ({ ticketId: Number(r.id), userId: Number(r.user_id) }));
}

/** Round robin: who the rule gave the queue's last ticket. */
export async function setLastAssigned(tx: Db, { companyId }: Tenant, queueId: number, userId: number) {
  await tx
    .update(queues)
    .set({ assignmentLastUserId: userId })
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
}

const RULE_ON = sql`(q.assignment_mode <> 'off' OR s.user_random = 'enabled')`;

/** The user's queues whose rule is on (a ticket of theirs closed, they came online: room to fill). */
export async function ruledQueuesOfUser(db: Db, { companyId }: Tenant, userId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT q.id FROM user_queues uq JOIN queues q ON q.id = uq.queue_id AND q.company_id = uq.company_id
        LEFT JOIN company_settings s ON s.company_id = q.company_id
      WHERE uq.company_id = ${companyId} AND uq.user_id = ${userId} AND ${RULE_ON}
      ORDER BY q.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Queues whose rule is on and that have a waiting ticket: of one company, or of every company (the minute sweep). */
export async function ruledQueuesWithWaiting(db: Db, tenant?: Tenant): Promise<{ companyId: number; queueId: number }[]> {
  const company = tenant ? sql`AND q.company_id = ${tenant.companyId}` : sql``;
  const rows = rowsOf<{ company_id: number; id: number }>(
    await db.execute(sql`
      SELECT q.company_id, q.id FROM queues q LEFT JOIN company_settings s ON s.company_id = q.company_id
      WHERE ${RULE_ON} ${company} AND EXISTS (
        SELECT 1 FROM tickets t WHERE t.company_id = q.company_id AND t.queue_id = q.id AND t.status = 'pending'
          AND t.user_id IS NULL AND NOT t.is_bot)
      ORDER BY q.company_id, q.id`),
  );
  return rows.map((r) => ({ companyId: Number(r.company_id), queueId: Number(r.id) }));
}

/** Queues with the seeds' rotation on (ativarRoteador) and a wait (tempoRoteador minutes), of every company. */
export interface RotatingQueue {
  id: number;
  companyId: number;
  tempoRoteador: number;
}

export async function rotatingQueues(db: Db): Promise<RotatingQueue[]> {
  const rows = await db
    .select({ id: queues.id, companyId: queues.companyId, tempoRoteador: queues.tempoRoteador })
    .from(queues)
    .where(and(eq(queues.ativarRoteador, true), sql`${queues.tempoRoteador} > 0`))
    .orderBy(asc(queues.companyId), asc(queues.id));
  return rows;
}
