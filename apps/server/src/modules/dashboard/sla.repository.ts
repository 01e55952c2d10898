/**
 * The SLA report (decision 105; docs/metrics.md "SLA"): the tickets whose queue's policy applied in the range
 * (tickets.sla_started_at, from the company's (company_id, sla_started_at) index), grouped in total, per attendant
 * and per queue in one pass, with the inbox's visibility.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import type { Tenant } from '../../platform/context';
import { type DashboardBounds, type DashboardFilters, inRange, num, numOrNull, scopeOf } from './dashboard.repository';

export interface SlaCounts {
  tickets: number;
  breached: number;
  firstResponse: number;
  nextResponse: number;
  resolution: number;
  running: number;
}

export interface SlaGroup extends SlaCounts {
  id: number | null;
  name: string | null;
}

const countsOf = (x: Record<string, unknown> | undefined): SlaCounts => ({
  tickets: num(x?.tickets),
  breached: num(x?.breached),
  firstResponse: num(x?.first_response),
  nextResponse: num(x?.next_response),
  resolution: num(x?.resolution),
  running: num(x?.running),
});

/** GROUPING(user_id, queue_id) of each grouping set. */
const SET = { total: 0b11, user: 0b01, queue: 0b10 };

export async function slaFigures(db: Db, { companyId }: Tenant, r: DashboardBounds, f: DashboardFilters) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH a AS (
        SELECT k.user_id, k.queue_id, k.sla_breach, k.status
        FROM tickets k
        WHERE k.company_id = ${companyId} AND k.sla_started_at IS NOT NULL AND ${inRange(sql`k.sla_started_at`, r)}
          ${scopeOf('k', f)})
      SELECT GROUPING(a.user_id, a.queue_id) AS set, a.user_id, a.queue_id, count(*) AS tickets,
        count(a.sla_breach) AS breached,
        count(*) FILTER (WHERE a.sla_breach = 'firstResponse') AS first_response,
        count(*) FILTER (WHERE a.sla_breach = 'nextResponse') AS next_response,
        count(*) FILTER (WHERE a.sla_breach = 'resolution') AS resolution,
        count(*) FILTER (WHERE a.sla_breach IS NULL AND a.status <> 'closed') AS running,
        (SELECT u.name FROM users u WHERE u.id = a.user_id AND u.company_id = ${companyId}) AS user_name,
        (SELECT q.name FROM queues q WHERE q.id = a.queue_id AND q.company_id = ${companyId}) AS queue_name
      FROM a GROUP BY GROUPING SETS ((), (a.user_id), (a.queue_id))`),
  );
  const of = (set: number) => rows.filter((x) => num(x.set) === set);
  const group = (x: Record<string, unknown>, id: unknown, name: unknown): SlaGroup => ({
    ...countsOf(x),
    id: numOrNull(id),
    name: name === null || name === undefined ? null : String(name),
  });
  return {
    total: countsOf(of(SET.total)[0]),
    attendants: of(SET.user).map((x) => group(x, x.user_id, x.user_name)),
    queues: of(SET.queue).map((x) => group(x, x.queue_id, x.queue_name)),
  };
}
