/**
 * The satisfaction report (issue 33 item 3; docs/metrics.md "Satisfaction"): the attendances closed in the range
 * (ticket_trackings, as the dashboard's NPS reads them), with the question asked and the 0–10 answer, grouped in
 * total, per attendant, per queue, per score and per day or week; and the customers' own words around their score.
 * Every statement starts from the company's (company_id, closed_at) index and keeps the inbox's visibility.
 */
import { CSAT_TOP_FROM } from '@atendo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import type { Tenant } from '../../platform/context';
import { type DashboardBounds, type DashboardFilters, inRange, num, numOrNull, scopeOf } from './dashboard.repository';

/** How long after the score the customer's next messages still count as their words about it. */
export const WORDS_WINDOW_MINUTES = 10;

/** Counts of one group of attendances (the service turns them into shares). */
export interface SatisfactionCounts {
  asked: number;
  rated: number;
  sum: number;
  promoters: number;
  passive: number;
  detractors: number;
  top: number;
}

/**
 * The attendances of the range: closed in it (groups aside), the question asked (a rating message of the bot in
 * the attendance, or an answer, which implies it).
 */
function attendances(companyId: number, r: DashboardBounds, f: DashboardFilters): SQL {
  return sql`SELECT k.id, k.ticket_id, k.user_id, k.queue_id, k.rate, k.finished_at, k.closed_at,
      (k.rate IS NOT NULL OR EXISTS (SELECT 1 FROM messages q WHERE q.company_id = k.company_id AND q.ticket_id = k.ticket_id
        AND q.from_me AND q.data_json->>'automatic' = 'rating' AND q.created_at >= k.started_at AND q.created_at <= k.closed_at)) AS asked
    FROM ticket_trackings k
    WHERE k.company_id = ${companyId} AND ${inRange(sql`k.closed_at`, r)} AND NOT k.is_group ${scopeOf('k', f)}`;
}

const COUNTS = sql`count(*) FILTER (WHERE a.asked) AS asked, count(a.rate) AS rated, coalesce(sum(a.rate), 0) AS sum,
  count(*) FILTER (WHERE a.rate >= 9) AS promoters, count(*) FILTER (WHERE a.rate BETWEEN 7 AND 8) AS passive,
  count(*) FILTER (WHERE a.rate <= 6) AS detractors, count(*) FILTER (WHERE a.rate >= ${CSAT_TOP_FROM}) AS top`;

const countsOf = (x: Record<string, unknown> | undefined): SatisfactionCounts => ({
  asked: num(x?.asked),
  rated: num(x?.rated),
  sum: num(x?.sum),
  promoters: num(x?.promoters),
  passive: num(x?.passive),
  detractors: num(x?.detractors),
  top: num(x?.top),
});

export interface SatisfactionGroup extends SatisfactionCounts {
  id: number | null;
  name: string | null;
}

/** In one pass: the totals, per attendant and per queue (GROUPING SETS), with the names of the company's rows. */
export async function satisfactionGroups(db: Db, { companyId }: Tenant, r: DashboardBounds, f: DashboardFilters) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH a AS (${attendances(companyId, r, f)})
      SELECT a.user_id, a.queue_id, GROUPING(a.user_id) AS no_user, GROUPING(a.queue_id) AS no_queue, ${COUNTS},
        (SELECT u.name FROM users u WHERE u.id = a.user_id AND u.company_id = ${companyId}) AS user_name,
        (SELECT q.name FROM queues q WHERE q.id = a.queue_id AND q.company_id = ${companyId}) AS queue_name
      FROM a GROUP BY GROUPING SETS ((), (a.user_id), (a.queue_id))`),
  );
  const group = (x: Record<string, unknown>, id: unknown, name: unknown): SatisfactionGroup => ({
    ...countsOf(x),
    id: numOrNull(id),
    name: name === null || name === undefined ? null : String(name),
  });
  const total = rows.find((x) => num(x.no_user) === 1 && num(x.no_queue) === 1);
  return {
    total: countsOf(total),
    attendants: rows.filter((x) => num(x.no_user) === 0).map((x) => group(x, x.user_id, x.user_name)),
    queues: rows.filter((x) => num(x.no_queue) === 0).map((x) => group(x, x.queue_id, x.queue_name)),
  };
}

/** How many answers gave each score (index 0–10). */
export async function satisfactionDistribution(db: Db, { companyId }: Tenant, r: DashboardBounds, f: DashboardFilters) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT k.rate, count(*) AS n FROM ticket_trackings k
      WHERE k.company_id = ${companyId} AND ${inRange(sql`k.closed_at`, r)} AND NOT k.is_group AND k.rate IS NOT NULL ${scopeOf('k', f)}
      GROUP BY k.rate`),
  );
  const out = Array.from({ length: 11 }, () => 0);
  for (const x of rows) {
    const rate = num(x.rate);
    if (rate >= 0 && rate <= 10) out[rate] = num(x.n);
  }
  return out;
}

/** The counts per local day or per local week (starting Monday), by the close; buckets without attendances left out. */
export async function satisfactionTrend(
  db: Db,
  { companyId }: Tenant,
  r: DashboardBounds,
  f: DashboardFilters,
  by: 'day' | 'week',
) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH a AS (${attendances(companyId, r, f)})
      SELECT to_char(b.at, 'YYYY-MM-DD') AS day, b.* FROM (
        SELECT date_trunc(${by}, a.closed_at AT TIME ZONE ${r.timezone}) AS at, ${COUNTS} FROM a GROUP BY 1) b
      ORDER BY b.at`),
  );
  return rows.map((x) => ({ day: String(x.day), ...countsOf(x) }));
}

/** The customer's messages of a rating: from the question (finished_at) to a few minutes after the close; a bare score is not words. */
const WORDS = sql`(SELECT string_agg(m.body, E'\n' ORDER BY m.created_at, m.id) FROM messages m
  WHERE m.company_id = k.company_id AND m.ticket_id = k.ticket_id AND NOT m.from_me AND NOT m.is_deleted
    AND m.created_at >= k.finished_at AND m.created_at <= k.closed_at + make_interval(mins => ${WORDS_WINDOW_MINUTES})
    AND btrim(m.body) <> '' AND m.body !~* '^\\s*((nota|note|score)\\s+)?\\d{1,2}\\s*$')`;

export interface CommentRow {
  ticketId: number;
  ticketUuid: string;
  rate: number;
  text: string;
  ratedAt: Date;
  contactName: string;
  userName: string | null;
  queueName: string | null;
}

/** The rated attendances with words, newest first: the search matches the words, the contact's name or the ticket id. */
export async function satisfactionComments(
  db: Db,
  { companyId }: Tenant,
  r: DashboardBounds,
  f: DashboardFilters,
  o: { search?: string; limit: number; offset: number },
) {
  const search = o.search?.trim();
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH w AS (
        SELECT k.id, k.ticket_id, k.user_id, k.queue_id, k.rate, k.closed_at, ${WORDS} AS text FROM ticket_trackings k
        WHERE k.company_id = ${companyId} AND ${inRange(sql`k.closed_at`, r)} AND NOT k.is_group AND k.rate IS NOT NULL ${scopeOf('k', f)})
      SELECT w.ticket_id, t.uuid, w.rate, w.text, w.closed_at, c.name AS contact_name, u.name AS user_name, q.name AS queue_name,
        count(*) OVER () AS full_count
      FROM w JOIN tickets t ON t.id = w.ticket_id AND t.company_id = ${companyId}
        JOIN contacts c ON c.id = t.contact_id AND c.company_id = ${companyId}
        LEFT JOIN users u ON u.id = w.user_id AND u.company_id = ${companyId}
        LEFT JOIN queues q ON q.id = w.queue_id AND q.company_id = ${companyId}
      WHERE w.text IS NOT NULL
        ${like ? sql`AND (w.text ILIKE ${like} OR c.name ILIKE ${like}${/^\d{1,9}$/.test(search as string) ? sql` OR w.ticket_id = ${Number(search)}` : sql``})` : sql``}
      ORDER BY w.closed_at DESC, w.id DESC
      LIMIT ${o.limit} OFFSET ${o.offset}`),
  );
  const comments: CommentRow[] = rows.map((x) => ({
    ticketId: num(x.ticket_id),
    ticketUuid: String(x.uuid),
    rate: num(x.rate),
    text: String(x.text),
    ratedAt: new Date(x.closed_at as string),
    contactName: String(x.contact_name),
    userName: x.user_name === null ? null : String(x.user_name),
    queueName: x.queue_name === null ? null : String(x.queue_name),
  }));
  return { comments, count: num(rows[0]?.full_count) };
}
