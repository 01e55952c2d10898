/**
 * The ticket as lists, the header and events carry it, and the ticket list itself (filters, search, keyset or
 * offset paging, counts) and the real-time panel: the read side of the tickets domain. Re-exported by
 * tickets.repository.ts, so the domain has one repository namespace.
 */
import { type TagRefDto, type TicketListItemDto, type TicketStatus, ticketSla } from '@atendo/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { contacts, queues, ticketSlaColumns, tickets, ticketTags, users, whatsapps } from '../../db/schema';
import type { Tenant } from '../../platform/context';
import { type Viewer, visibleTicketsSql } from './tickets.access';

/** Values of a JSON column as either driver answers them (parsed, or text). */
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

// ─── The ticket as lists, the header and events carry it ─────────────────────

const tagsOfTicket = sql<unknown>`COALESCE((
  SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color, 'kanban', tg.kanban) ORDER BY tg.kanban DESC, tg.name)
  FROM ticket_tags tt JOIN tags tg ON tg.id = tt.tag_id WHERE tt.ticket_id = ${tickets.id}), '[]'::json)`;

const ratingOfTicket = sql<unknown>`(
  SELECT json_build_object('rate', r.rate, 'createdAt', r.created_at) FROM user_ratings r
  WHERE r.ticket_id = ${tickets.id} ORDER BY r.created_at DESC LIMIT 1)`;

const itemColumns = {
  id: tickets.id,
  uuid: tickets.uuid,
  companyId: tickets.companyId,
  status: tickets.status,
  contactId: tickets.contactId,
  whatsappId: tickets.whatsappId,
  userId: tickets.userId,
  queueId: tickets.queueId,
  channel: tickets.channel,
  isGroup: tickets.isGroup,
  isBot: tickets.isBot,
  useIntegration: tickets.useIntegration,
  integrationId: tickets.integrationId,
  lastMessage: tickets.lastMessage,
  lastMessageAt: tickets.lastMessageAt,
  ...ticketSlaColumns,
  unreadMessages: tickets.unreadMessages,
  fromMe: tickets.fromMe,
  amountUsedBotQueues: tickets.amountUsedBotQueues,
  closedAt: tickets.closedAt,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  /** updatedAt in microseconds: the keyset cursor keeps the database's full precision. */
  cursorKey: sql<string>`(extract(epoch from ${tickets.updatedAt}) * 1000000)::bigint::text`,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
    urlPicture: contacts.urlPicture,
    disableBot: contacts.disableBot,
    isGroup: contacts.isGroup,
    active: contacts.active,
    channel: contacts.channel,
  },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  user: { id: users.id, name: users.name, color: users.color },
  whatsapp: { id: whatsapps.id, name: whatsapps.name, groupAsTicket: whatsapps.groupAsTicket, channel: whatsapps.channel },
  tags: tagsOfTicket,
  rating: ratingOfTicket,
};

function selectItems(db: Db) {
  return db
    .select(itemColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

function toItem(r: ItemRow & { total?: number }): TicketListItemDto & { cursorKey: string } {
  const rating = r.rating ? json<{ rate: number; createdAt: string }>(r.rating) : null;
  return {
    id: r.id,
    uuid: r.uuid,
    companyId: r.companyId,
    status: r.status as TicketStatus,
    contactId: r.contactId,
    contact: r.contact,
    whatsappId: r.whatsappId,
    whatsapp: r.whatsapp,
    userId: r.userId,
    user: r.user,
    queueId: r.queueId,
    queue: r.queue,
    channel: r.channel as TicketListItemDto['channel'],
    isGroup: r.isGroup,
    isBot: r.isBot,
    useIntegration: r.useIntegration,
    integrationId: r.integrationId,
    lastMessage: r.lastMessage,
    lastMessageAt: r.lastMessageAt,
    sla: ticketSla(r),
    unreadMessages: r.unreadMessages,
    fromMe: r.fromMe,
    amountUsedBotQueues: r.amountUsedBotQueues,
    tags: json<TagRefDto[]>(r.tags),
    userRating: rating ? { rate: rating.rate, createdAt: new Date(rating.createdAt) } : null,
    closedAt: r.closedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    cursorKey: r.cursorKey,
  };
}

export async function findTicketItem(db: Db, ctx: Tenant, id: number) {
  const rows = await selectItems(db)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, id)))
    .limit(1);
  return rows[0] ? toItem(rows[0]) : null;
}

/** Several tickets' list items in one statement (a batch published at once). */
export async function findTicketItems(db: Db, ctx: Tenant, ids: number[]) {
  if (!ids.length) return [];
  const rows = await selectItems(db).where(and(eq(tickets.companyId, ctx.companyId), inArray(tickets.id, ids)));
  return rows.map(toItem);
}

export async function findTicketItemByUuid(db: Db, ctx: Tenant, uuid: string) {
  const rows = await selectItems(db)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.uuid, uuid)))
    .limit(1);
  return rows[0] ? toItem(rows[0]) : null;
}

// ─── The list ────────────────────────────────────────────────────────────────

export interface TicketFilters {
  statuses?: string[];
  /**
   * Contact name words (prefix tsquery), number digits (contained), ticket number — and, with inMessages, the
   * words in the messages (full-text, through the GIN index on messages.body_tsv).
   */
  search?: { words: string | null; digits: string | null; ticketId: number | null; inMessages: boolean };
  tagIds?: number[];
  userIds?: number[];
  queueIds?: number[];
  whatsappIds?: number[];
  createdOn?: string;
  updatedOn?: string;
  withUnread?: boolean;
  isGroup?: boolean;
  showAll: boolean;
  timezone: string;
}

function dayRange(column: typeof tickets.createdAt | typeof tickets.updatedAt, day: string, tz: string): SQL {
  return sql`${column} >= (${day}::date)::timestamp AT TIME ZONE ${tz} AND ${column} < ((${day}::date + 1))::timestamp AT TIME ZONE ${tz}`;
}

/** Conditions on the ticket's own columns (visibility and filters); none means the company's whole list. */
function ticketColumnConditions(v: Viewer, f: TicketFilters): SQL[] {
  const parts: SQL[] = [];
  const visible = visibleTicketsSql(v, f.showAll);
  if (visible) parts.push(visible);
  if (f.statuses?.length === 1) parts.push(sql`${tickets.status} = ${f.statuses[0]}`);
  else if (f.statuses?.length) parts.push(sql`${tickets.status} = ANY(${sql.param(f.statuses)}::text[])`);
  if (f.queueIds?.length) {
    // The queue selector never hides queueless tickets from whoever may see them.
    parts.push(sql`(${tickets.queueId} = ANY(${sql.param(f.queueIds)}::int[]) OR ${tickets.queueId} IS NULL)`);
  }
  if (f.userIds?.length) parts.push(sql`${tickets.userId} = ANY(${sql.param(f.userIds)}::int[])`);
  if (f.whatsappIds?.length) parts.push(sql`${tickets.whatsappId} = ANY(${sql.param(f.whatsappIds)}::int[])`);
  if (f.withUnread) parts.push(sql`${tickets.unreadMessages} > 0`);
  if (f.isGroup !== undefined) parts.push(sql`${tickets.isGroup} = ${f.isGroup}`);
  if (f.createdOn) parts.push(dayRange(tickets.createdAt, f.createdOn, f.timezone));
  if (f.updatedOn) parts.push(dayRange(tickets.updatedAt, f.updatedOn, f.timezone));
  return parts;
}

/** Contacts whose name words start with the search words, or whose number holds its digits. */
function contactSearchSql(ctx: Tenant, s: NonNullable<TicketFilters['search']>): SQL | null {
  const hits: SQL[] = [];
  if (s.words) {
    hits.push(
      sql`SELECT c.id FROM ${contacts} c WHERE c.company_id = ${ctx.companyId} AND to_tsvector('simple', c.name) @@ to_tsquery('simple', ${s.words})`,
    );
  }
  if (s.digits)
    hits.push(sql`SELECT c.id FROM ${contacts} c WHERE c.company_id = ${ctx.companyId} AND c.number LIKE ${`%${s.digits}%`}`);
  return hits.length ? sql.join(hits, sql` UNION `) : null;
}

/** Every condition of a list query: tenant, visibility and filters, all on indexed columns where it matters. */
function listConditions(ctx: Tenant, v: Viewer, f: TicketFilters): SQL {
  const parts: SQL[] = [sql`${tickets.companyId} = ${ctx.companyId}`, ...ticketColumnConditions(v, f)];
  if (f.tagIds?.length) {
    // Probed per ticket through the (ticket_id, tag_id) key: no id list in the SQL.
    const tagIds = [...new Set(f.tagIds)];
    parts.push(
      tagIds.length === 1
        ? sql`EXISTS (SELECT 1 FROM ${ticketTags} tt WHERE tt.ticket_id = ${tickets.id} AND tt.company_id = ${ctx.companyId} AND tt.tag_id = ${tagIds[0]})`
        : sql`${tickets.id} IN (SELECT tt.ticket_id FROM ${ticketTags} tt WHERE tt.company_id = ${ctx.companyId}
            AND tt.tag_id = ANY(${sql.param(tagIds)}::int[]) GROUP BY tt.ticket_id HAVING count(*) = ${tagIds.length})`,
    );
  }
  if (f.search) {
    const s = f.search;
    const any: SQL[] = [];
    const byContact = contactSearchSql(ctx, s);
    if (byContact) any.push(sql`${tickets.contactId} IN (${byContact})`);
    if (s.ticketId) any.push(sql`${tickets.id} = ${s.ticketId}`);
    if (s.inMessages && s.words) any.push(sql`${tickets.id} IN (SELECT ticket_id FROM message_hits)`);
    parts.push(any.length ? sql`(${sql.join(any, sql` OR `)})` : sql`FALSE`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * The total of a list. Inside the subquery "tickets" is its own FROM: the same conditions, uncorrelated. When
 * nothing restricts the tickets' own columns (an admin's show-all), a tag or search filter is counted from its
 * own index instead of visiting every ticket of the company.
 */
function totalSql(ctx: Tenant, v: Viewer, f: TicketFilters, where: SQL): SQL<number> {
  const free = ticketColumnConditions(v, f).length === 0;
  if (free && f.tagIds?.length && !f.search) {
    const tagIds = [...new Set(f.tagIds)];
    // One tag: (ticket_id, tag_id) is the key, so its rows are its tickets — counted straight from the index.
    if (tagIds.length === 1)
      return sql<number>`(SELECT count(*)::int FROM ${ticketTags} tt WHERE tt.company_id = ${ctx.companyId} AND tt.tag_id = ${tagIds[0]})`;
    return sql<number>`(SELECT count(*)::int FROM (SELECT tt.ticket_id FROM ${ticketTags} tt WHERE tt.company_id = ${ctx.companyId}
      AND tt.tag_id = ANY(${sql.param(tagIds)}::int[]) GROUP BY tt.ticket_id HAVING count(*) = ${tagIds.length}) tagged)`;
  }
  if (free && f.search && !f.tagIds?.length) {
    const s = f.search;
    const ids: SQL[] = [];
    const byContact = contactSearchSql(ctx, s);
    if (byContact)
      ids.push(sql`SELECT t.id FROM ${tickets} t WHERE t.company_id = ${ctx.companyId} AND t.contact_id IN (${byContact})`);
    if (s.ticketId) ids.push(sql`SELECT t.id FROM ${tickets} t WHERE t.company_id = ${ctx.companyId} AND t.id = ${s.ticketId}`);
    if (s.inMessages && s.words) ids.push(sql`SELECT ticket_id FROM message_hits`);
    return ids.length ? sql<number>`(SELECT count(*)::int FROM (${sql.join(ids, sql` UNION `)}) found)` : sql<number>`0`;
  }
  return sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${where})`;
}

/** Tickets whose messages hold the words: the GIN index on messages.body_tsv, this company's rows only. */
function messageHits(db: Db, ctx: Tenant, words: string) {
  return db.$with('message_hits').as(
    db
      .select({ ticketId: sql<number>`m.ticket_id`.as('ticket_id') })
      .from(sql`messages m`)
      .where(sql`m.body_tsv @@ to_tsquery('portuguese', ${words}) AND m.company_id = ${ctx.companyId}`),
  );
}

export interface ListPage {
  pageSize: number;
  /** Offset paging (pageNumber) … */
  offset: number;
  /** … or keyset paging after this (updatedAt in µs, id). */
  after?: { key: string; id: number };
  ascending: boolean;
}

/**
 * Two statements per page. The first finds exactly `pageSize` ticket ids (never fewer because of joins), ordered with
 * the id as tiebreak, with the total of the query as an InitPlan computed once (message hits shared through a CTE):
 * it reads only the tickets table and its filters, so PostgreSQL plans it in a fraction of a millisecond. The second
 * loads those tickets with their contact, queue, user, connection, tags and rating by id: always the same shape, so
 * its plan is cached (planning the joined list statement for every call took ~2 ms, more than running it).
 */
export async function listTickets(db: Db, ctx: Tenant, v: Viewer, f: TicketFilters, page: ListPage) {
  const where = listConditions(ctx, v, f);
  let pageWhere = where;
  if (page.after) {
    const at = sql`(timestamptz 'epoch' + ${page.after.key}::bigint * interval '1 microsecond')`;
    pageWhere = page.ascending
      ? sql`${where} AND (${tickets.updatedAt}, ${tickets.id}) > (${at}, ${page.after.id})`
      : sql`${where} AND (${tickets.updatedAt}, ${tickets.id}) < (${at}, ${page.after.id})`;
  }
  const total = totalSql(ctx, v, f, where).as('total');
  const hits = f.search?.inMessages && f.search.words ? messageHits(db, ctx, f.search.words) : null;
  const order = page.ascending ? [asc(tickets.updatedAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)];
  const found = await (hits ? db.with(hits) : db)
    .select({ id: tickets.id, total })
    .from(tickets)
    .where(pageWhere)
    .orderBy(...order)
    .limit(page.pageSize + 1)
    .offset(page.after ? 0 : page.offset);
  const hasMore = found.length > page.pageSize;
  const ids = found.slice(0, page.pageSize).map((r) => r.id);
  const items = (await findItems(db, ctx, ids)).map(toItem);
  const last = items[items.length - 1];
  // A page past the end has no row to carry the total.
  const count = found.length ? Number(found[0].total) : await countTickets(db, ctx, v, f);
  return { items, hasMore, count, nextCursor: hasMore && last ? `${last.cursorKey}_${last.id}` : null };
}

/** Tickets as list items, in the order of `ids` (a ticket deleted in between is left out). */
async function findItems(db: Db, ctx: Tenant, ids: number[]) {
  if (!ids.length) return [];
  const rows = await selectItems(db).where(
    sql`${tickets.companyId} = ${ctx.companyId} AND ${tickets.id} = ANY(${sql.param(ids)}::int[])`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The list's total alone (a page past the end). */
export async function countTickets(db: Db, ctx: Tenant, v: Viewer, f: TicketFilters): Promise<number> {
  const where = listConditions(ctx, v, f);
  const hits = f.search?.inMessages && f.search.words ? messageHits(db, ctx, f.search.words) : null;
  const rows = await (hits ? db.with(hits) : db).select({ n: totalSql(ctx, v, f, where) }).from(sql`(SELECT 1) one`);
  return Number(rows[0]?.n ?? 0);
}

/** Tickets of the real-time panel: live tickets updated in a window, visible to the viewer (capped). */
export async function listMoments(
  db: Db,
  ctx: Tenant,
  v: Viewer,
  f: { statuses: string[]; from: Date; to: Date; queueIds?: number[]; userId?: number; showAll: boolean },
  limit = 1000,
) {
  const parts: SQL[] = [
    sql`${tickets.companyId} = ${ctx.companyId}`,
    visibleTicketsSql(v, f.showAll) ?? sql`TRUE`,
    sql`${tickets.status} = ANY(${sql.param(f.statuses)}::text[])`,
    sql`${tickets.updatedAt} >= ${f.from.toISOString()}::timestamptz AND ${tickets.updatedAt} <= ${f.to.toISOString()}::timestamptz`,
  ];
  if (f.queueIds?.length)
    parts.push(sql`(${tickets.queueId} = ANY(${sql.param(f.queueIds)}::int[]) OR ${tickets.queueId} IS NULL)`);
  if (f.userId) parts.push(sql`${tickets.userId} = ${f.userId}`);
  const rows = await selectItems(db)
    .where(sql.join(parts, sql` AND `))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
  return rows.map(toItem);
}
