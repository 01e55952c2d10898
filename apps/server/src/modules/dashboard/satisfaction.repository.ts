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
 * The attendances of the range: closed in it (groups aside), with `asked`: the rating question went out in it. The
 * close records `finished_at` as the question's time when one was asked, else the close itself
 * (tickets.tracking.repository), so a question is `finished_at < closed_at` — read from the row, no message lookup;
 * an answer implies the question. `bucket`: the local day or week (starting Monday) of the close.
 */
function attendances(companyId: number, r: DashboardBounds, f: DashboardFilters, by: 'day' | 'week'): SQL {
  return sql`SELECT k.user_id, k.queue_id, k.rate, (k.rate IS NOT NULL OR k.finished_at < k.closed_at) AS asked,
      date_trunc(${by}, k.closed_at AT TIME ZONE ${r.timezone}) AS bucket
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

/** GROUPING(user_id, queue_id, rate, bucket) of each grouping set: 1 where the column is not grouped on. */
const SET = { total: 0b1111, user: 0b0111, queue: 0b1011, rate: 0b1101, bucket: 0b1110 };

/**
 * In one pass over the range's attendances (GROUPING SETS): the totals, per attendant, per queue (with the names of
 * the company's rows), per score, and per day or week of the close (buckets without attendances left out).
 */
export async function satisfactionFigures(
  db: Db,
  { companyId }: Tenant,
  r: DashboardBounds,
  f: DashboardFilters,
  by: 'day' | 'week',
) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH a AS (${attendances(companyId, r, f, by)})
      SELECT GROUPING(a.user_id, a.queue_id, a.rate, a.bucket) AS set, a.user_id, a.queue_id, a.rate,
        to_char(a.bucket, 'YYYY-MM-DD') AS day, ${COUNTS},
        (SELECT u.name FROM users u WHERE u.id = a.user_id AND u.company_id = ${companyId}) AS user_name,
        (SELECT q.name FROM queues q WHERE q.id = a.queue_id AND q.company_id = ${companyId}) AS queue_name
      FROM a GROUP BY GROUPING SETS ((), (a.user_id), (a.queue_id), (a.rate), (a.bucket))`),
  );
  const of = (set: number) => rows.filter((x) => num(x.set) === set);
  const group = (x: Record<string, unknown>, id: unknown, name: unknown): SatisfactionGroup => ({
    ...countsOf(x),
    id: numOrNull(id),
    name: name === null || name === undefined ? null : String(name),
  });
  const distribution = Array.from({ length: 11 }, () => 0);
  for (const x of of(SET.rate)) {
    const rate = numOrNull(x.rate);
    if (rate !== null && rate >= 0 && rate <= 10) distribution[rate] = num(x.rated);
  }
  return {
    total: countsOf(of(SET.total)[0]),
    attendants: of(SET.user).map((x) => group(x, x.user_id, x.user_name)),
    queues: of(SET.queue).map((x) => group(x, x.queue_id, x.queue_name)),
    distribution,
    trend: of(SET.bucket)
      .map((x) => ({ day: String(x.day), ...countsOf(x) }))
      .sort((p, q) => p.day.localeCompare(q.day)),
  };
}

/**
 * The customer's messages of a rating: those stored after the rating question (by id: an inbound message carries
 * the channel's timestamp, whole seconds, which can fall just before the question stored the same second), and
 * written at most a minute before it (the index's range) and up to a few minutes after the close; without a question
 * message, from finished_at. A bare score is not words.
 */
const WORDS = sql`(SELECT string_agg(m.body, E'\n' ORDER BY m.id)
  FROM (SELECT min(q.id) AS id FROM messages q WHERE q.company_id = k.company_id AND q.ticket_id = k.ticket_id AND q.from_me
          AND q.data_json->>'automatic' = 'rating' AND q.created_at >= k.finished_at AND q.created_at <= k.closed_at) question
  JOIN messages m ON m.company_id = k.company_id AND m.ticket_id = k.ticket_id AND NOT m.from_me AND NOT m.is_deleted
    AND m.created_at >= k.finished_at - interval '1 minute' AND m.created_at <= k.closed_at + make_interval(mins => ${WORDS_WINDOW_MINUTES})
    AND (CASE WHEN question.id IS NULL THEN m.created_at >= k.finished_at ELSE m.id > question.id END)
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
