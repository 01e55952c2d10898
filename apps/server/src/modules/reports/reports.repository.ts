/**
 * The tickets report (seed 001 §2 "Tickets report", §7 "Report"): one ticket per row with its connection, contact,
 * attendant, queue, support time and NPS answer, filtered like the seed's report call, in the company's time zone,
 * within what the caller may see of the inbox (tickets.public `visibleScopeSql`). docs/metrics.md defines the figures.
 */
import type { TicketReportFilters, TicketStatus } from '@atendo/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { contacts, queues, tickets, ticketTags, users, whatsapps } from '../../db/schema';
import type { Tenant } from '../../platform/context';
import { contactSearchSql } from '../contacts/contacts.public';
import { type Viewer, visibleScopeSql } from '../tickets/tickets.public';

export interface ReportScope {
  viewer: Viewer;
  timezone: string;
  /** dateFrom's local midnight and the one ending dateTo (db/local-days), null when the filter has none. */
  startAt: string | null;
  endAt: string | null;
}

/**
 * Support time of the ticket's last attendance, in minutes, as the dashboard defines it (docs/metrics.md
 * avgSupportTime): from an attendant taking it to finishing it; null when never closed or never taken.
 */
const supportMinutes = sql<number | null>`(
  SELECT round(extract(epoch FROM (tt.finished_at - tt.accepted_at)) / 60)::int FROM ticket_trackings tt
  WHERE tt.ticket_id = ${tickets.id} ORDER BY tt.closed_at DESC, tt.id DESC LIMIT 1)`;

/** The contact's last rating of the ticket (0–10). */
const lastRating = sql<number | null>`(
  SELECT r.rate FROM user_ratings r WHERE r.ticket_id = ${tickets.id} ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`;

const TICKET_SCOPE = { queueId: sql`${tickets.queueId}`, userId: sql`${tickets.userId}`, isGroup: sql`${tickets.isGroup}` };

const ids = (list: number[]) => sql`ANY(${sql.param([...new Set(list)])}::int[])`;

/** A search that may also be a ticket id (a number alone). */
const searchesTicketId = (search: string) => /^\d{1,9}$/.test(search);

/**
 * The company's contacts the search finds: the contact book's search (name, number or e-mail, through its trigram
 * index), and a number typed with punctuation also by its digits.
 */
function contactMatchSql(ctx: Tenant, search: string): SQL {
  const digits = search.replace(/\D/g, '');
  const terms = [search, ...(digits.length >= 3 && digits !== search ? [digits] : [])];
  return sql`${contacts.companyId} = ${ctx.companyId} AND (${sql.join(terms.map(contactSearchSql), sql` OR `)})`;
}

/**
 * Every condition of the report: tenant, visibility and the filters (tickets of the range by their creation).
 * `withSearch: false` leaves the search out, for a caller that applies it by driving from the contacts found.
 */
function conditions(ctx: Tenant, scope: ReportScope, f: TicketReportFilters, withSearch = true): SQL {
  const parts: SQL[] = [sql`${tickets.companyId} = ${ctx.companyId}`];
  const visible = visibleScopeSql(scope.viewer, true, TICKET_SCOPE);
  if (visible) parts.push(visible);
  if (scope.startAt) parts.push(sql`${tickets.createdAt} >= ${scope.startAt}::timestamptz`);
  if (scope.endAt) parts.push(sql`${tickets.createdAt} < ${scope.endAt}::timestamptz`);
  if (f.status?.length) parts.push(sql`${tickets.status} = ANY(${sql.param([...new Set(f.status)] as TicketStatus[])}::text[])`);
  if (f.queueIds?.length) parts.push(sql`${tickets.queueId} = ${ids(f.queueIds)}`);
  if (f.users?.length) parts.push(sql`${tickets.userId} = ${ids(f.users)}`);
  if (f.whatsappId?.length) parts.push(sql`${tickets.whatsappId} = ${ids(f.whatsappId)}`);
  if (f.contactId?.length) parts.push(sql`${tickets.contactId} = ${ids(f.contactId)}`);
  if (f.tags?.length) {
    // Like the inbox's tag filter: the ticket carries every chosen tag.
    const tagIds = [...new Set(f.tags)];
    parts.push(sql`${tickets.id} IN (SELECT tt.ticket_id FROM ${ticketTags} tt WHERE tt.company_id = ${ctx.companyId}
      AND tt.tag_id = ${ids(tagIds)} GROUP BY tt.ticket_id HAVING count(*) = ${tagIds.length})`);
  }
  if (f.slaBreached) parts.push(sql`${tickets.slaBreachedAt} IS NOT NULL`);
  if (f.onlyRated) parts.push(sql`EXISTS (SELECT 1 FROM user_ratings r WHERE r.ticket_id = ${tickets.id})`);
  const search = withSearch ? f.searchParam?.trim() : undefined;
  if (search) {
    // The tickets of the contacts found; a number alone is also a ticket id.
    const byContact = sql`${tickets.contactId} IN (SELECT ${contacts.id} FROM ${contacts} WHERE ${contactMatchSql(ctx, search)})`;
    const asId = searchesTicketId(search) ? sql` OR ${tickets.id} = ${Number(search)}` : sql``;
    parts.push(sql`(${byContact}${asId})`);
  }
  return and(...parts) as SQL;
}

const rowColumns = {
  id: tickets.id,
  uuid: tickets.uuid,
  whatsappName: whatsapps.name,
  contactName: contacts.name,
  contactNumber: contacts.number,
  contactIsGroup: contacts.isGroup,
  userName: users.name,
  queueName: queues.name,
  status: tickets.status,
  createdAt: tickets.createdAt,
  closedAt: tickets.closedAt,
  supportTime: supportMinutes,
  NPS: lastRating,
  slaBreach: tickets.slaBreach,
  /** createdAt at the database's full precision (microseconds): the export's keyset position. */
  createdKey: sql<string>`${tickets.createdAt}::text`,
};

function rowsQuery(db: Db, ctx: Tenant, where: SQL) {
  return db
    .select(rowColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(where, eq(contacts.companyId, ctx.companyId)));
}

export type ReportRow = Awaited<ReturnType<typeof rowsQuery>>[number];

/**
 * One page, newest first (created, then id: a stable order, so pages neither skip nor repeat rows). The page's ids
 * are chosen first over the tickets alone (the creation index), and only its rows are joined and get their support
 * time and rating: with an offset, rows skipped over would otherwise each run those subqueries too.
 */
export async function reportPage(db: Db, ctx: Tenant, scope: ReportScope, f: TicketReportFilters, page: number, size: number) {
  const pageIds = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(conditions(ctx, scope, f))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  const rows = await rowsQuery(db, ctx, inArray(tickets.id, pageIds)).orderBy(desc(tickets.createdAt), desc(tickets.id));
  return { rows: rows.slice(0, size), hasMore: rows.length > size };
}

/** Rows after a keyset position (the export reads the whole report in chunks without an offset). */
export async function reportChunk(
  db: Db,
  ctx: Tenant,
  scope: ReportScope,
  f: TicketReportFilters,
  after: { createdKey: string; id: number } | null,
  size: number,
) {
  const where = conditions(ctx, scope, f);
  const keyset = after ? sql`(${tickets.createdAt}, ${tickets.id}) < (${after.createdKey}::timestamptz, ${after.id})` : null;
  return rowsQuery(db, ctx, keyset ? (and(where, keyset) as SQL) : where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(size);
}

/** Of the tickets counted, the closed ones. */
const closedCount = sql`count(*) FILTER (WHERE ${tickets.status} = 'closed')`;

/**
 * How many tickets the filtered report holds, and how many are closed (one pass over the creation index). With a
 * search of contacts, counted contact by contact through the (company, contact, created) index: PostgreSQL's own
 * choice, a hash join over every ticket of the range, took 20–30 ms for a year (bench/report, 12,500 of 100,000
 * tickets), the per-contact counts 6–7 ms.
 */
export async function reportCounts(db: Db, ctx: Tenant, scope: ReportScope, f: TicketReportFilters) {
  const search = f.searchParam?.trim();
  if (search && !searchesTicketId(search)) {
    const [counted] = rowsOf<{ total: number; closed: number }>(
      await db.execute(sql`SELECT coalesce(sum(n.total), 0)::int AS total, coalesce(sum(n.closed), 0)::int AS closed
        FROM ${contacts} CROSS JOIN LATERAL (
          SELECT count(*) AS total, ${closedCount} AS closed FROM ${tickets}
          WHERE ${conditions(ctx, scope, f, false)} AND ${tickets.contactId} = ${contacts.id}) n
        WHERE ${contactMatchSql(ctx, search)}`),
    );
    return { total: counted?.total ?? 0, closed: counted?.closed ?? 0 };
  }
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      closed: sql<number>`(${closedCount})::int`,
    })
    .from(tickets)
    .where(conditions(ctx, scope, f));
  return { total: row?.total ?? 0, closed: row?.closed ?? 0 };
}

/**
 * Totals of the whole filtered report, in one statement over one scan of its tickets: tickets, closed ones, rated
 * ones, the mean of the ratings given in them and the mean support time of their attendances an attendant took
 * (docs/metrics.md "Tickets report"). A rating or a close never predates its ticket, so with a start day both are
 * also read from that day on (through their company-and-time indexes).
 */
export async function reportTotals(db: Db, ctx: Tenant, scope: ReportScope, f: TicketReportFilters) {
  const where = conditions(ctx, scope, f);
  const since = scope.startAt ? sql`${scope.startAt}::timestamptz` : null;
  const [row] = rowsOf<{ total: number; closed: number; rated: number; avgRating: number | null; avgSupportTime: number | null }>(
    await db.execute(sql`WITH f AS (SELECT ${tickets.id} AS id, ${tickets.status} AS status FROM ${tickets} WHERE ${where}),
      r AS (SELECT r.ticket_id, r.rate FROM user_ratings r JOIN f ON f.id = r.ticket_id
            WHERE r.company_id = ${ctx.companyId}${since ? sql` AND r.created_at >= ${since}` : sql``}),
      s AS (SELECT extract(epoch FROM (tt.finished_at - tt.accepted_at)) / 60 AS minutes FROM ticket_trackings tt JOIN f ON f.id = tt.ticket_id
            WHERE tt.company_id = ${ctx.companyId} AND tt.accepted_at IS NOT NULL${since ? sql` AND tt.closed_at >= ${since}` : sql``})
      SELECT (SELECT count(*) FROM f)::int AS total,
        (SELECT count(*) FROM f WHERE status = 'closed')::int AS closed,
        (SELECT count(DISTINCT ticket_id) FROM r)::int AS rated,
        (SELECT round(avg(rate), 2) FROM r)::float8 AS "avgRating",
        (SELECT round(avg(minutes)) FROM s)::float8 AS "avgSupportTime"`),
  );
  return {
    total: row?.total ?? 0,
    closed: row?.closed ?? 0,
    rated: row?.rated ?? 0,
    avgRating: row?.avgRating ?? null,
    avgSupportTime: row?.avgSupportTime ?? null,
  };
}
