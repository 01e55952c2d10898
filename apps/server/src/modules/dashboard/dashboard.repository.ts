/**
 * The dashboard's figures (seed 000 §3, issue 17), each one aggregate statement over an index that starts with
 * company_id; every definition is in docs/metrics.md. Ranges are local days of the company's time zone: `from` and
 * `to` are YYYY-MM-DD, both included, turned into instants by PostgreSQL (`date::timestamp AT TIME ZONE tz`), so a
 * day starts at 00:00 in São Paulo whatever the server's zone. Rows are read as the inbox lets the caller see them.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import type { Tenant } from '../../platform/context';
import { type Viewer, visibleScopeSql } from '../tickets/tickets.public';

export interface DashboardRange {
  from: string;
  to: string;
  timezone: string;
}

export interface DashboardFilters {
  queueIds?: number[];
  userIds?: number[];
  viewer: Viewer;
}

const start = (r: DashboardRange) => sql`((${r.from}::date)::timestamp AT TIME ZONE ${r.timezone})`;
const end = (r: DashboardRange) => sql`((${r.to}::date + 1)::timestamp AT TIME ZONE ${r.timezone})`;
const inRange = (col: SQL, r: DashboardRange) => sql`${col} >= ${start(r)} AND ${col} < ${end(r)}`;

/** The filters and the inbox's visibility over rows aliased `a` (tickets or ticket_trackings). */
function scopeOf(a: string, f: DashboardFilters): SQL {
  const col = (name: string) => sql.raw(`${a}.${name}`);
  const parts: SQL[] = [];
  if (f.queueIds?.length) parts.push(sql`${col('queue_id')} = ANY(${sql.param(f.queueIds)}::int[])`);
  if (f.userIds?.length) parts.push(sql`${col('user_id')} = ANY(${sql.param(f.userIds)}::int[])`);
  const visible = visibleScopeSql(f.viewer, true, { queueId: col('queue_id'), userId: col('user_id'), isGroup: col('is_group') });
  if (visible) parts.push(visible);
  return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Tickets created in the range (groups aside): all, started by the business (active), by the contact (passive). */
export async function createdTickets(db: Db, { companyId }: Tenant, r: DashboardRange, f: DashboardFilters) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT count(*) AS tickets, count(*) FILTER (WHERE t.from_me) AS active, count(*) FILTER (WHERE NOT t.from_me) AS passive
      FROM tickets t
      WHERE t.company_id = ${companyId} AND ${inRange(sql`t.created_at`, r)} AND NOT t.is_group ${scopeOf('t', f)}`),
  );
  return { tickets: num(row?.tickets), activeTickets: num(row?.active), passiveTickets: num(row?.passive) };
}

/** Live tickets now, whatever the range: attended, waiting, group conversations, waiting for the rating answer. */
export async function liveTickets(db: Db, { companyId }: Tenant, f: DashboardFilters) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE t.status = 'open' AND NOT t.is_group) AS happening,
        count(*) FILTER (WHERE t.status = 'pending' AND NOT t.is_group) AS pending,
        count(*) FILTER (WHERE t.is_group) AS groups,
        count(*) FILTER (WHERE t.status = 'nps' AND NOT t.is_group) AS wait_rating
      FROM tickets t
      WHERE t.company_id = ${companyId} AND t.status IN ('open', 'pending', 'group', 'nps') ${scopeOf('t', f)}`),
  );
  return {
    supportHappening: num(row?.happening),
    supportPending: num(row?.pending),
    supportGroups: num(row?.groups),
    waitRating: num(row?.wait_rating),
  };
}

const WAIT_MINUTES = sql`EXTRACT(EPOCH FROM (k.first_answer_at - k.started_at)) / 60`;
const SUPPORT_MINUTES = sql`EXTRACT(EPOCH FROM (k.finished_at - k.accepted_at)) / 60`;

/** Attendances closed in the range (groups aside): count, average times, ratings in NPS bands. */
export async function finishedAttendances(db: Db, { companyId }: Tenant, r: DashboardRange, f: DashboardFilters) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT count(*) AS finished,
        avg(${SUPPORT_MINUTES}) FILTER (WHERE k.accepted_at IS NOT NULL) AS support,
        avg(${WAIT_MINUTES}) FILTER (WHERE k.first_answer_at IS NOT NULL) AS wait,
        count(k.rate) AS rated,
        count(*) FILTER (WHERE k.rate >= 9) AS promoters,
        count(*) FILTER (WHERE k.rate BETWEEN 7 AND 8) AS passive,
        count(*) FILTER (WHERE k.rate <= 6) AS detractors
      FROM ticket_trackings k
      WHERE k.company_id = ${companyId} AND ${inRange(sql`k.closed_at`, r)} AND NOT k.is_group ${scopeOf('k', f)}`),
  );
  return {
    finished: num(row?.finished),
    avgSupportTime: numOrNull(row?.support),
    avgWaitTime: numOrNull(row?.wait),
    rated: num(row?.rated),
    promoters: num(row?.promoters),
    passive: num(row?.passive),
    detractors: num(row?.detractors),
  };
}

/** Contacts created in the range (groups aside) that have a ticket the filters and the caller's visibility keep. */
export async function leads(db: Db, { companyId }: Tenant, r: DashboardRange, f: DashboardFilters) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT count(*) AS n FROM contacts c
      WHERE c.company_id = ${companyId} AND ${inRange(sql`c.created_at`, r)} AND NOT c.is_group
        AND EXISTS (SELECT 1 FROM tickets t WHERE t.company_id = c.company_id AND t.contact_id = c.id ${scopeOf('t', f)})`),
  );
  return num(row?.n);
}

export interface AttendantFigures {
  id: number;
  name: string;
  online: boolean;
  tickets: number;
  rating: number | null;
  countRating: number;
  avgWaitTime: number | null;
  avgSupportTime: number | null;
}

/**
 * One row per attendant: tickets created in the range they hold, and their attendances closed in the range (times,
 * ratings). `onlyUserId` limits the rows to the caller (a user who may not see other users' tickets).
 */
export async function attendants(
  db: Db,
  { companyId }: Tenant,
  r: DashboardRange,
  f: DashboardFilters,
  onlyUserId: number | null,
): Promise<AttendantFigures[]> {
  const users = [
    f.userIds?.length ? sql`AND u.id = ANY(${sql.param(f.userIds)}::int[])` : sql``,
    onlyUserId ? sql`AND u.id = ${onlyUserId}` : sql``,
  ];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH tk AS (
        SELECT t.user_id, count(*) AS n FROM tickets t
        WHERE t.company_id = ${companyId} AND ${inRange(sql`t.created_at`, r)} AND NOT t.is_group AND t.user_id IS NOT NULL ${scopeOf('t', f)}
        GROUP BY t.user_id
      ), fk AS (
        SELECT k.user_id, avg(k.rate) AS rating, count(k.rate) AS count_rating,
          avg(${WAIT_MINUTES}) FILTER (WHERE k.first_answer_at IS NOT NULL) AS wait,
          avg(${SUPPORT_MINUTES}) FILTER (WHERE k.accepted_at IS NOT NULL) AS support
        FROM ticket_trackings k
        WHERE k.company_id = ${companyId} AND ${inRange(sql`k.closed_at`, r)} AND NOT k.is_group AND k.user_id IS NOT NULL ${scopeOf('k', f)}
        GROUP BY k.user_id
      )
      SELECT u.id, u.name, u.online, tk.n AS tickets, fk.rating, fk.count_rating, fk.wait, fk.support
      FROM users u LEFT JOIN tk ON tk.user_id = u.id LEFT JOIN fk ON fk.user_id = u.id
      WHERE u.company_id = ${companyId} AND (u.status = 'active' OR tk.n IS NOT NULL OR fk.user_id IS NOT NULL) ${users[0]} ${users[1]}
      ORDER BY COALESCE(tk.n, 0) DESC, lower(u.name), u.id`),
  );
  return rows.map((x) => ({
    id: Number(x.id),
    name: String(x.name),
    online: x.online === true,
    tickets: num(x.tickets),
    rating: numOrNull(x.rating),
    countRating: num(x.count_rating),
    avgWaitTime: numOrNull(x.wait),
    avgSupportTime: numOrNull(x.support),
  }));
}

/** Tickets created in the range per attendant holding them (the chart), most first. */
export async function ticketsPerUser(db: Db, { companyId }: Tenant, r: DashboardRange, f: DashboardFilters) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT u.id, u.name, count(*) AS n FROM tickets t JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
      WHERE t.company_id = ${companyId} AND ${inRange(sql`t.created_at`, r)} AND NOT t.is_group ${scopeOf('t', f)}
      GROUP BY u.id, u.name ORDER BY n DESC, lower(u.name), u.id`),
  );
  return rows.map((x) => ({ userId: Number(x.id), nome: String(x.name), quantidade: num(x.n) }));
}

/** Tickets created in the range per local hour ('00'–'23') or per local date (YYYY-MM-DD); empty buckets left out. */
export async function ticketsPerBucket(
  db: Db,
  { companyId }: Tenant,
  r: DashboardRange,
  f: DashboardFilters,
  by: 'hour' | 'date',
) {
  const bucket =
    by === 'hour'
      ? sql`to_char(t.created_at AT TIME ZONE ${r.timezone}, 'HH24')`
      : sql`to_char(t.created_at AT TIME ZONE ${r.timezone}, 'YYYY-MM-DD')`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT ${bucket} AS k, count(*) AS n FROM tickets t
      WHERE t.company_id = ${companyId} AND ${inRange(sql`t.created_at`, r)} AND NOT t.is_group ${scopeOf('t', f)}
      GROUP BY 1 ORDER BY 1`),
  );
  return rows.map((x) => ({ key: String(x.k), total: num(x.n) }));
}
