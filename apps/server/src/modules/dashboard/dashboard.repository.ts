/**
 * The dashboard's figures (seed 000 §3, issue 17), each one aggregate statement over an index that starts with
 * company_id; every definition is in docs/metrics.md. Ranges are local days of the company's time zone: `from` and
 * `to` are YYYY-MM-DD, both included, turned into instants by PostgreSQL once per request (boundsOf), so a day starts
 * at 00:00 in São Paulo whatever the server's zone. Rows are read as the inbox lets the caller see them.
 */
import { type SQL, sql } from 'drizzle-orm';
import { localDayInstants } from '../../db/local-days';
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

/** A range with its instants: local midnight of `from` and of the day after `to`. */
export interface DashboardBounds extends DashboardRange {
  startAt: string;
  endAt: string;
}

/** The range's instants, computed once (db/local-days: compared as parameters, not re-evaluated per row). */
export async function boundsOf(db: Db, r: DashboardRange): Promise<DashboardBounds> {
  const { startAt, endAt } = await localDayInstants(db, r.timezone, { from: r.from, to: r.to });
  return { ...r, startAt: startAt as string, endAt: endAt as string };
}

export const inRange = (col: SQL, r: DashboardBounds) =>
  sql`${col} >= ${r.startAt}::timestamptz AND ${col} < ${r.endAt}::timestamptz`;

/** The filters and the inbox's visibility over rows aliased `a` (tickets or ticket_trackings). */
export function scopeOf(a: string, f: DashboardFilters): SQL {
  const col = (name: string) => sql.raw(`${a}.${name}`);
  const parts: SQL[] = [];
  if (f.queueIds?.length) parts.push(sql`${col('queue_id')} = ANY(${sql.param(f.queueIds)}::int[])`);
  if (f.userIds?.length) parts.push(sql`${col('user_id')} = ANY(${sql.param(f.userIds)}::int[])`);
  const visible = visibleScopeSql(f.viewer, true, { queueId: col('queue_id'), userId: col('user_id'), isGroup: col('is_group') });
  if (visible) parts.push(visible);
  return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
}

export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Counts of tickets created in the range. */
export interface CreatedCounts {
  tickets: number;
  activeTickets: number;
  passiveTickets: number;
}

/**
 * Tickets created in the range (groups aside): all, started by the business (active), by the contact (passive) —
 * in total and per attendant holding them, in one pass (GROUPING SETS).
 */
export async function createdTickets(db: Db, { companyId }: Tenant, r: DashboardBounds, f: DashboardFilters) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT t.user_id, GROUPING(t.user_id) AS total, count(*) AS tickets, count(*) FILTER (WHERE t.from_me) AS active,
        count(*) FILTER (WHERE NOT t.from_me) AS passive
      FROM tickets t
      WHERE t.company_id = ${companyId} AND ${inRange(sql`t.created_at`, r)} AND NOT t.is_group ${scopeOf('t', f)}
      GROUP BY GROUPING SETS ((), (t.user_id))`),
  );
  const counts = (x: Record<string, unknown> | undefined): CreatedCounts => ({
    tickets: num(x?.tickets),
    activeTickets: num(x?.active),
    passiveTickets: num(x?.passive),
  });
  const perUser = new Map<number, CreatedCounts>();
  for (const x of rows) if (Number(x.total) === 0 && x.user_id !== null) perUser.set(Number(x.user_id), counts(x));
  return { total: counts(rows.find((x) => Number(x.total) === 1)), perUser };
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

// date_part answers double precision (EXTRACT answers numeric, several times slower to average over a year).
const WAIT_MINUTES = sql`date_part('epoch', k.first_answer_at - k.started_at) / 60`;
const SUPPORT_MINUTES = sql`date_part('epoch', k.finished_at - k.accepted_at) / 60`;

/** Figures of attendances closed in the range; times in minutes. */
export interface FinishedFigures {
  finished: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
  rated: number;
  avgRate: number | null;
  promoters: number;
  passive: number;
  detractors: number;
}

/**
 * Attendances closed in the range (groups aside): count, average times, ratings in NPS bands — in total and per
 * attendant who held them, in one pass (GROUPING SETS).
 */
export async function finishedAttendances(db: Db, { companyId }: Tenant, r: DashboardBounds, f: DashboardFilters) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT k.user_id, GROUPING(k.user_id) AS total, count(*) AS finished,
        avg(${SUPPORT_MINUTES}) FILTER (WHERE k.accepted_at IS NOT NULL) AS support,
        avg(${WAIT_MINUTES}) FILTER (WHERE k.first_answer_at IS NOT NULL) AS wait,
        count(k.rate) AS rated, avg(k.rate) AS avg_rate,
        count(*) FILTER (WHERE k.rate >= 9) AS promoters,
        count(*) FILTER (WHERE k.rate BETWEEN 7 AND 8) AS passive,
        count(*) FILTER (WHERE k.rate <= 6) AS detractors
      FROM ticket_trackings k
      WHERE k.company_id = ${companyId} AND ${inRange(sql`k.closed_at`, r)} AND NOT k.is_group ${scopeOf('k', f)}
      GROUP BY GROUPING SETS ((), (k.user_id))`),
  );
  const figures = (x: Record<string, unknown> | undefined): FinishedFigures => ({
    finished: num(x?.finished),
    avgSupportTime: numOrNull(x?.support),
    avgWaitTime: numOrNull(x?.wait),
    rated: num(x?.rated),
    avgRate: numOrNull(x?.avg_rate),
    promoters: num(x?.promoters),
    passive: num(x?.passive),
    detractors: num(x?.detractors),
  });
  const perUser = new Map<number, FinishedFigures>();
  for (const x of rows) if (Number(x.total) === 0 && x.user_id !== null) perUser.set(Number(x.user_id), figures(x));
  return { total: figures(rows.find((x) => Number(x.total) === 1)), perUser };
}

/**
 * New contacts: created in the range (groups aside) and with a ticket created in the range that the filters and the
 * caller's visibility keep. A ticket never predates its contact, so only the range's tickets are read.
 */
export async function leads(db: Db, { companyId }: Tenant, r: DashboardBounds, f: DashboardFilters) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT count(*) AS n FROM contacts c
      WHERE c.company_id = ${companyId} AND ${inRange(sql`c.created_at`, r)} AND NOT c.is_group
        AND EXISTS (SELECT 1 FROM tickets t WHERE t.company_id = c.company_id AND t.contact_id = c.id
          AND ${inRange(sql`t.created_at`, r)} ${scopeOf('t', f)})`),
  );
  return num(row?.n);
}

/** The company's users as the attendant rows name them (`onlyUserId`: the caller alone; `userIds`: the filter). */
export async function attendantUsers(db: Db, { companyId }: Tenant, f: { userIds?: number[]; onlyUserId: number | null }) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT u.id, u.name, u.online, u.status = 'active' AS active FROM users u
      WHERE u.company_id = ${companyId}
        ${f.userIds?.length ? sql`AND u.id = ANY(${sql.param(f.userIds)}::int[])` : sql``}
        ${f.onlyUserId ? sql`AND u.id = ${f.onlyUserId}` : sql``}`),
  );
  return rows.map((x) => ({ id: Number(x.id), name: String(x.name), online: x.online === true, active: x.active === true }));
}

/** Tickets created in the range per attendant holding them (the chart), most first. */
export async function ticketsPerUser(db: Db, { companyId }: Tenant, r: DashboardBounds, f: DashboardFilters) {
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
  r: DashboardBounds,
  f: DashboardFilters,
  by: 'hour' | 'date',
) {
  // Grouped by the truncated local time, formatted once per bucket (not once per ticket).
  const unit = by === 'hour' ? 'hour' : 'day';
  const format = by === 'hour' ? 'HH24' : 'YYYY-MM-DD';
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT to_char(b.at, ${format}) AS k, b.n FROM (
        SELECT date_trunc(${unit}, t.created_at AT TIME ZONE ${r.timezone}) AS at, count(*) AS n FROM tickets t
        WHERE t.company_id = ${companyId} AND ${inRange(sql`t.created_at`, r)} AND NOT t.is_group ${scopeOf('t', f)}
        GROUP BY 1) b
      ORDER BY b.at`),
  );
  return rows.map((x) => ({ key: String(x.k), total: num(x.n) }));
}
