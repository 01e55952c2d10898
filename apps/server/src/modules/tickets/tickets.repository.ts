import { COMPANY_SETTING_COLUMNS, type CompanySettings, type TicketLogDto, type TicketLogType } from '@atendo/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import {
  companySettings,
  contactCustomFields,
  contacts,
  contactTags,
  queues,
  tags,
  ticketLogs,
  tickets,
  ticketTags,
  userQueues,
  users,
  whatsapps,
} from '../../db/schema';
import { companyIsActiveSql, type Tenant, type TenantContext } from '../../platform/context';

export type TicketRow = typeof tickets.$inferSelect;
export type TicketValues = Partial<Omit<typeof tickets.$inferInsert, 'id' | 'companyId' | 'uuid' | 'createdAt'>>;

export async function userQueueIds(db: Db, ctx: Tenant, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userQueues.queueId })
    .from(userQueues)
    .where(and(eq(userQueues.companyId, ctx.companyId), eq(userQueues.userId, userId)));
  return rows.map((r) => r.id);
}

/** The user's queue ids and the company's settings (as findCompanySettings answers them), one statement. */
export async function queuesAndSettings(
  db: Db,
  ctx: TenantContext,
): Promise<{ queueIds: number[]; settings: CompanySettings } | null> {
  const [row] = await db
    .select({
      settings: companySettings,
      queueIds: sql<number[]>`(SELECT coalesce(array_agg(uq.queue_id), '{}') FROM user_queues uq
        WHERE uq.company_id = ${ctx.companyId} AND uq.user_id = ${ctx.user.id})`,
    })
    .from(companySettings)
    .where(eq(companySettings.companyId, ctx.companyId))
    .limit(1);
  if (!row) return null;
  const settings = {} as CompanySettings;
  for (const col of COMPANY_SETTING_COLUMNS) settings[col] = String(row.settings[col]);
  const ids =
    typeof row.queueIds === 'string' ? (row.queueIds as string).replace(/[{}]/g, '').split(',').filter(Boolean) : row.queueIds;
  return { queueIds: ids.map(Number), settings };
}

export * from './tickets.list.repository';
export * from './tickets.tracking.repository';

// ─── Rows and writes ─────────────────────────────────────────────────────────

export async function findTicket(db: Db, ctx: Tenant, id: number): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, id)))
    .limit(1);
  return row ?? null;
}

/** The number of the ticket with this uuid in the company, or null. */
export async function findTicketIdByUuid(db: Db, ctx: Tenant, uuid: string): Promise<number | null> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.uuid, uuid)))
    .limit(1);
  return row?.id ?? null;
}

/** The contact's live (not closed) ticket on a connection: at most one by the partial unique index. */
export async function findLiveTicket(
  db: Db,
  ctx: Tenant,
  contactId: number,
  whatsappId: number | null,
): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ctx.companyId),
        eq(tickets.contactId, contactId),
        whatsappId === null ? sql`${tickets.whatsappId} IS NULL` : eq(tickets.whatsappId, whatsappId),
        sql`${tickets.status} <> 'closed'`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Who owns a ticket, for the 'ticket already open' dialog. */
export async function ownerDetails(db: Db, ctx: Tenant, t: TicketRow) {
  const [row] = await db
    .select({ userName: users.name, queueName: queues.name })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, t.id)));
  return {
    userId: t.userId,
    userName: row?.userName ?? null,
    queueName: row?.queueName ?? null,
    uuid: t.uuid,
    status: t.status,
    ticketId: t.id,
  };
}

/** Inserts a ticket unless the contact already has a live one on that connection (then null). */
export async function insertTicket(
  db: Db,
  ctx: Tenant,
  v: {
    contactId: number;
    whatsappId: number | null;
    queueId: number | null;
    userId: number | null;
    status: string;
    channel: string;
    isGroup: boolean;
    fromMe?: boolean;
    lastMessage?: string;
  },
): Promise<TicketRow | null> {
  const rows = await db
    .insert(tickets)
    .values({ ...v, companyId: ctx.companyId })
    .onConflictDoNothing({ target: [tickets.contactId, tickets.whatsappId], where: sql`status <> 'closed'` })
    .returning();
  return rows[0] ?? null;
}

/**
 * Updates a ticket when it is still in one of `fromStatuses` (optimistic: a concurrent transition makes it
 * answer null). Bumps updatedAt unless told not to.
 */
export async function updateTicket(
  db: Db,
  ctx: Tenant,
  id: number,
  values: TicketValues,
  opts: { fromStatuses?: string[]; expectUserId?: number | null; touch?: boolean } = {},
): Promise<TicketRow | null> {
  const conds = [eq(tickets.companyId, ctx.companyId), eq(tickets.id, id)];
  if (opts.fromStatuses) conds.push(inArray(tickets.status, opts.fromStatuses));
  if (opts.expectUserId !== undefined) {
    conds.push(opts.expectUserId === null ? sql`${tickets.userId} IS NULL` : eq(tickets.userId, opts.expectUserId));
  }
  const rows = await db
    .update(tickets)
    .set({ ...values, ...(opts.touch === false ? {} : { updatedAt: new Date() }) })
    .where(and(...conds))
    .returning();
  return rows[0] ?? null;
}

export async function deleteTicket(db: Db, ctx: Tenant, id: number): Promise<TicketRow | null> {
  const rows = await db
    .delete(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function insertLog(
  db: Db,
  ctx: Tenant,
  entry: { ticketId: number; type: TicketLogType; userId?: number | null; queueId?: number | null },
) {
  await db.insert(ticketLogs).values({
    companyId: ctx.companyId,
    ticketId: entry.ticketId,
    type: entry.type,
    userId: entry.userId ?? null,
    queueId: entry.queueId ?? null,
  });
}

export async function listLogs(db: Db, ctx: Tenant, ticketId: number): Promise<TicketLogDto[]> {
  const rows = await db
    .select({
      id: ticketLogs.id,
      ticketId: ticketLogs.ticketId,
      type: ticketLogs.type,
      reason: ticketLogs.reason,
      createdAt: ticketLogs.createdAt,
      user: { id: users.id, name: users.name },
      queue: { id: queues.id, name: queues.name, color: queues.color },
    })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
    .where(and(eq(ticketLogs.companyId, ctx.companyId), eq(ticketLogs.ticketId, ticketId)))
    .orderBy(asc(ticketLogs.createdAt), asc(ticketLogs.id));
  return rows.map((r) => ({ ...r, type: r.type as TicketLogDto['type'] }));
}

// ─── What the rules read ─────────────────────────────────────────────────────

/** requiredTag: a tag on the contact or on the ticket counts. */
export async function hasAnyTag(db: Db, ctx: Tenant, ticketId: number, contactId: number): Promise<boolean> {
  const rows = rowsOf<{ found: boolean }>(
    await db.execute(sql`SELECT (
      EXISTS (SELECT 1 FROM ${contactTags} WHERE company_id = ${ctx.companyId} AND contact_id = ${contactId})
      OR EXISTS (SELECT 1 FROM ${ticketTags} WHERE company_id = ${ctx.companyId} AND ticket_id = ${ticketId})
    ) AS found`),
  );
  return rows[0]?.found === true;
}

export async function findContact(db: Db, ctx: Tenant, id: number): Promise<typeof contacts.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function contactExtras(db: Db, ctx: Tenant, contactId: number) {
  const [extra, tagRows] = await Promise.all([
    db
      .select({ id: contactCustomFields.id, name: contactCustomFields.name, value: contactCustomFields.value })
      .from(contactCustomFields)
      .where(and(eq(contactCustomFields.companyId, ctx.companyId), eq(contactCustomFields.contactId, contactId)))
      .orderBy(asc(contactCustomFields.id)),
    db
      .select({ id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(and(eq(contactTags.companyId, ctx.companyId), eq(contactTags.contactId, contactId)))
      .orderBy(asc(tags.name)),
  ]);
  return { extraInfo: extra, tags: tagRows };
}

export async function findWhatsapp(db: Db, ctx: Tenant, id: number): Promise<typeof whatsapps.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, id)))
    .limit(1);
  return row ?? null;
}

/** The company's default connection, else its oldest one. */
export async function defaultWhatsapp(db: Db, ctx: Tenant): Promise<typeof whatsapps.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(eq(whatsapps.companyId, ctx.companyId))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .limit(1);
  return row ?? null;
}

export async function findQueueRef(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(queues)
    .where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findUserRef(db: Db, ctx: Tenant, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, farewellMessage: users.farewellMessage })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Users who may see a group ticket (allowGroup, and its queue — or admin), for events: group tickets are not
 * announced to a queue's whole room, where attendants without allowGroup also listen.
 */
export async function groupAudience(db: Db, ctx: Tenant, queueId: number | null): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT u.id FROM users u
      WHERE u.company_id = ${ctx.companyId} AND u.allow_group = 'enabled' AND (
        lower(u.profile) = 'admin'
        OR ${queueId === null ? sql`u.all_ticket = 'enabled'` : sql`EXISTS (SELECT 1 FROM user_queues uq WHERE uq.user_id = u.id AND uq.queue_id = ${queueId})`}
      )`),
  );
  return rows.map((r) => Number(r.id));
}

// ─── Automatic closing and the inactivity message ────────────────────────────

export interface IdleTicket {
  id: number;
  companyId: number;
  userId: number | null;
  status: string;
  closingText: string;
}

/**
 * Attended tickets idle for their connection's expiresTicket hours (0: the environment's default), measured from
 * the last message; with whenExpiresTicket '1' only when that message was the business's. nps tickets close after
 * expiresTicketNPS minutes. One company at a time through its (company_id, status, updated_at) index.
 */
export async function findIdleTickets(db: Db, { companyId }: Tenant, defaultHours: number, limit = 500): Promise<IdleTicket[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT t.id, t.company_id, t.user_id, t.status, w.expires_inactive_message AS closing_text
      FROM tickets t
      JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
      CROSS JOIN LATERAL (
        SELECT m.from_me, m.created_at FROM messages m
        WHERE m.ticket_id = t.id AND NOT m.is_private ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST LIMIT 1
      ) last
      WHERE t.company_id = ${companyId} AND t.status IN ('open', 'nps') AND NOT t.is_group
        AND CASE WHEN t.status = 'nps'
          THEN w.expires_ticket_nps > 0 AND last.created_at < now() - make_interval(mins => w.expires_ticket_nps)
          ELSE last.created_at < now() - make_interval(hours => CASE WHEN w.expires_ticket > 0 THEN w.expires_ticket ELSE ${defaultHours}::int END)
            AND (w.when_expires_ticket <> '1' OR last.from_me)
        END
      ORDER BY t.id LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    userId: (r.user_id as number | null) ?? null,
    status: String(r.status),
    closingText: String(r.closing_text ?? ''),
  }));
}

/**
 * Open tickets whose last message is the business's, older than the connection's timeInactiveMessage minutes,
 * and not the inactivity message itself (so it is sent once per silence).
 */
export async function findSilentTickets(db: Db, { companyId }: Tenant, limit = 500) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT t.id, t.user_id, w.inactive_message AS text
      FROM tickets t
      JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
      CROSS JOIN LATERAL (
        SELECT m.from_me, m.created_at, m.data_json FROM messages m
        WHERE m.ticket_id = t.id AND NOT m.is_private ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST LIMIT 1
      ) last
      WHERE t.company_id = ${companyId} AND t.status = 'open' AND NOT t.is_group AND t.user_id IS NOT NULL
        AND w.time_inactive_message > 0 AND w.inactive_message <> ''
        AND last.from_me AND COALESCE(last.data_json->>'automatic', '') <> 'inactive'
        AND last.created_at < now() - make_interval(mins => w.time_inactive_message)
      ORDER BY t.id LIMIT ${limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), text: String(r.text) }));
}

/** Switched-on companies with live attended tickets (the sweep visits only these; an inactive company sends nothing). */
export async function companiesWithOpenTickets(db: Db): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT c.id FROM companies c WHERE ${companyIsActiveSql(sql`c.id`)} AND EXISTS (
      SELECT 1 FROM tickets t WHERE t.company_id = c.id AND t.status IN ('open', 'nps'))`),
  );
  return rows.map((r) => Number(r.id));
}

export async function markAutomatic(db: Db, { companyId }: Tenant, messageId: number, kind: string) {
  await db.execute(sql`
    UPDATE messages SET data_json = COALESCE(data_json, '{}'::jsonb) || jsonb_build_object('automatic', ${kind}::text)
    WHERE id = ${messageId} AND company_id = ${companyId}`);
}
