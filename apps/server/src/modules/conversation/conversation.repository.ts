import { MESSAGE_PAGE_SIZE } from '@atendo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import { camelRow } from '../../db/rows';
import type { Tenant, TenantContext } from '../../platform/context';
import type { MessageRow } from '../messages/messages.public';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** Every column of messages but the search vector (never sent anywhere). */
const MESSAGE_COLUMNS = sql.raw(
  [
    'id',
    'company_id',
    'ticket_id',
    'contact_id',
    'whatsapp_id',
    'external_id',
    'body',
    'from_me',
    'read',
    'media_type',
    'media_url',
    'media_name',
    'media_mime_type',
    'media_size',
    'media_ref',
    'data_json',
    'quoted_msg_id',
    'quoted_external_id',
    'ack',
    'send_error',
    'is_deleted',
    'is_edited',
    'is_forwarded',
    'is_private',
    'queue_id',
    'user_id',
    'created_at',
    'updated_at',
  ]
    .map((c) => `m.${c}`)
    .join(', '),
);

export interface MessageListFilters {
  ticketIds: number[];
  /** The current ticket is always shown; the others only in these queues (allHistoric with selectedQueues). */
  currentTicketId: number;
  historyQueueIds?: number[];
  withPrivate: boolean;
  onlyMedia: boolean;
}

export interface ListedMessage {
  message: MessageRow;
  contact: { id: number; name: string; urlPicture: string } | null;
  quoted: {
    id: number;
    body: string;
    mediaType: string;
    mediaUrl: string | null;
    fromMe: boolean;
    contactName: string | null;
  } | null;
  user: { id: number; name: string; profileImage: string | null } | null;
}

/**
 * A page of a conversation, newest first: through the (ticket_id, created_at DESC NULLS LAST, id DESC NULLS LAST)
 * index — the ORDER BY spells NULLS LAST to match it (the columns are never null) — with an id
 * tiebreak so equal timestamps never repeat or vanish between pages; `before` pages by keyset.
 */
export async function listMessages(
  db: Db,
  ctx: Tenant,
  f: MessageListFilters,
  page: { offset: number; before?: number },
): Promise<{ items: ListedMessage[]; hasMore: boolean }> {
  const conds: SQL[] = [sql`m.company_id = ${ctx.companyId}`];
  if (f.ticketIds.length === 1) conds.push(sql`m.ticket_id = ${f.ticketIds[0]}`);
  else conds.push(sql`m.ticket_id = ANY(${sql.param(f.ticketIds)}::int[])`);
  if (f.historyQueueIds?.length) {
    conds.push(sql`(m.ticket_id = ${f.currentTicketId} OR m.queue_id = ANY(${sql.param(f.historyQueueIds)}::int[]))`);
  }
  if (!f.withPrivate) conds.push(sql`NOT m.is_private`);
  if (f.onlyMedia) conds.push(sql`m.media_url IS NOT NULL`);
  if (page.before) {
    conds.push(
      sql`(m.created_at, m.id) < (SELECT b.created_at, b.id FROM messages b WHERE b.id = ${page.before} AND b.company_id = ${ctx.companyId})`,
    );
  }
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT row_to_json(m) AS message,
        CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', c.name, 'urlPicture', c.url_picture) END AS contact,
        CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'body', q.body, 'mediaType', q.media_type,
          'mediaUrl', q.media_url, 'fromMe', q.from_me, 'contactName', qc.name) END AS quoted,
        CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name, 'profileImage', u.profile_image) END AS "user"
      FROM (
        SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE ${sql.join(conds, sql` AND `)}
        ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST
        LIMIT ${MESSAGE_PAGE_SIZE + 1} OFFSET ${page.before ? 0 : page.offset}
      ) m
      LEFT JOIN contacts c ON c.id = m.contact_id
      LEFT JOIN messages q ON q.id = m.quoted_msg_id AND q.company_id = m.company_id
      LEFT JOIN contacts qc ON qc.id = q.contact_id
      LEFT JOIN users u ON u.id = m.user_id
      ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST`),
  );
  const items = rows.slice(0, MESSAGE_PAGE_SIZE).map((r) => ({
    message: camelRow<MessageRow>(json(r.message)),
    contact: json(r.contact),
    quoted: json(r.quoted),
    user: json(r.user),
  })) as ListedMessage[];
  return { items, hasMore: rows.length > MESSAGE_PAGE_SIZE };
}

/** Ids of the contact's tickets (the history shown with allHistoric). */
export async function ticketIdsOfContact(db: Db, ctx: Tenant, contactId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM tickets WHERE company_id = ${ctx.companyId} AND contact_id = ${contactId}`),
  );
  return rows.map((r) => Number(r.id));
}

/** Marks the customer's messages of a ticket read and zeroes its counter; answers the newest one the channel knows. */
export async function markTicketRead(db: Db, ctx: Tenant, ticketId: number) {
  const rows = rowsOf<{ external_id: string | null; unread: number }>(
    await db.execute(sql`
      WITH read AS (
        UPDATE messages SET read = true
        WHERE company_id = ${ctx.companyId} AND ticket_id = ${ticketId} AND NOT read AND NOT from_me
        RETURNING id, external_id, created_at
      ), t AS (
        UPDATE tickets SET unread_messages = 0 WHERE company_id = ${ctx.companyId} AND id = ${ticketId} AND unread_messages <> 0
        RETURNING id
      )
      SELECT (SELECT external_id FROM read WHERE external_id IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1) AS external_id,
        (SELECT count(*)::int FROM read) + (SELECT count(*)::int FROM t) AS unread`),
  );
  return { newestExternalId: rows[0]?.external_id ?? null, changed: Number(rows[0]?.unread ?? 0) > 0 };
}

export async function findMessage(db: Db, ctx: Tenant, id: number): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.id = ${id} AND m.company_id = ${ctx.companyId}`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/** The company's message that holds a stored file (any media folder), by the file's name. */
export async function findMessageByStoredFile(db: Db, ctx: Tenant, stored: string[]): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.company_id = ${ctx.companyId} AND m.media_url IN (${sql.join(
        stored.map((s) => sql`${s}`),
        sql`, `,
      )}) ORDER BY m.id LIMIT 1`,
    ),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

export async function updateMessage(
  db: Db,
  ctx: Tenant,
  id: number,
  v: {
    body?: string;
    isEdited?: boolean;
    isDeleted?: boolean;
    isForwarded?: boolean;
    clearMedia?: boolean;
    dataJson?: Record<string, unknown>;
  },
): Promise<MessageRow | null> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (v.body !== undefined) sets.push(sql`body = ${v.body}`);
  if (v.isEdited !== undefined) sets.push(sql`is_edited = ${v.isEdited}`);
  if (v.isDeleted !== undefined) sets.push(sql`is_deleted = ${v.isDeleted}`);
  if (v.isForwarded !== undefined) sets.push(sql`is_forwarded = ${v.isForwarded}`);
  if (v.clearMedia)
    sets.push(sql`media_url = NULL, media_name = NULL, media_mime_type = NULL, media_size = NULL, media_ref = NULL`);
  if (v.dataJson) sets.push(sql`data_json = COALESCE(data_json, '{}'::jsonb) || ${JSON.stringify(v.dataJson)}::jsonb`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`UPDATE messages m SET ${sql.join(sets, sql`, `)} WHERE m.id = ${id} AND m.company_id = ${ctx.companyId} RETURNING ${MESSAGE_COLUMNS}`,
    ),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/** What a channel needs to act for a connection (read receipts, edits, revokes). */
export async function findConnectionConfig(db: Db, ctx: Tenant, whatsappId: number) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT id, company_id, channel, status, phone_number_id, access_token, facebook_page_user_id, token_meta
      FROM whatsapps WHERE id = ${whatsappId} AND company_id = ${ctx.companyId}`),
  );
  return rows[0]
    ? camelRow<{
        id: number;
        companyId: number;
        channel: string;
        status: string;
        phoneNumberId: string | null;
        accessToken: string | null;
        facebookPageUserId: string | null;
        tokenMeta: string | null;
      }>(rows[0])
    : null;
}

/** Messages sent (fromMe) or received by the company in a period of its own days. */
export async function countMessages(
  db: Db,
  ctx: Tenant,
  f: { fromMe?: boolean; dateStart?: string; dateEnd?: string; timezone: string },
): Promise<number> {
  const conds: SQL[] = [sql`company_id = ${ctx.companyId}`, sql`NOT is_private`];
  if (f.fromMe !== undefined) conds.push(sql`from_me = ${f.fromMe}`);
  if (f.dateStart) conds.push(sql`created_at >= (${f.dateStart}::date)::timestamp AT TIME ZONE ${f.timezone}`);
  if (f.dateEnd) conds.push(sql`created_at < ((${f.dateEnd}::date + 1))::timestamp AT TIME ZONE ${f.timezone}`);
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM messages WHERE ${sql.join(conds, sql` AND `)}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** A stored file a quick message points to (the only stored paths a client may send by reference). */
export async function findQuickMessageMedia(db: Db, ctx: TenantContext, path: string) {
  const rows = rowsOf<{ media_path: string; media_name: string | null }>(
    await db.execute(sql`
      SELECT media_path, media_name FROM quick_messages
      WHERE company_id = ${ctx.companyId} AND media_path = ${path} AND (user_id = ${ctx.user.id} OR geral)
      LIMIT 1`),
  );
  return rows[0] ? { path: rows[0].media_path, name: rows[0].media_name } : null;
}
