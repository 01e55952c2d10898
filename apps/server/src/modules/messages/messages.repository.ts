import { sql } from 'drizzle-orm';
import type { ChannelConnectionConfig } from '../../channels/types';
import { type Database, type Db, rowsOf } from '../../db/open';
import { camelRow } from '../../db/rows';
import type { Tenant } from '../../platform/context';
import { type ContactRow, lastMessageText, type MessageRow, type TicketRow } from './messages.dto';

/** A JSON value as either driver answers it (parsed, or text). */
const parseJson = <T = Record<string, unknown>>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export interface TicketForSend {
  ticket: TicketRow;
  contact: Pick<ContactRow, 'id' | 'name' | 'number' | 'urlPicture' | 'disableBot' | 'channel' | 'isGroup'>;
  whatsapp: { id: number; name: string; channel: string; status: string; groupAsTicket: string } | null;
}

export async function findTicketForSend(db: Db, t: Tenant, ticketId: number): Promise<TicketForSend | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT row_to_json(t) AS ticket,
        json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'urlPicture', c.url_picture, 'disableBot', c.disable_bot,
                          'channel', c.channel, 'isGroup', c.is_group) AS contact,
        CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'name', w.name, 'channel', w.channel, 'status', w.status,
                          'groupAsTicket', w.group_as_ticket) END AS whatsapp
      FROM tickets t
      JOIN contacts c ON c.id = t.contact_id
      LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
      WHERE t.id = ${ticketId} AND t.company_id = ${t.companyId}`),
  );
  const r = rows[0];
  if (!r) return null;
  return { ticket: camelRow(parseJson(r.ticket)), contact: parseJson(r.contact), whatsapp: parseJson(r.whatsapp) };
}

/** When the customer last wrote on this connection (any of their tickets): Meta's 24-hour customer service window runs from then. */
export async function lastCustomerMessageAt(db: Db, t: Tenant, contactId: number, whatsappId: number): Promise<Date | null> {
  const rows = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`
      SELECT max(m.created_at) AS at FROM messages m
      WHERE m.company_id = ${t.companyId} AND m.from_me = false AND m.whatsapp_id = ${whatsappId}
        AND m.ticket_id IN (SELECT id FROM tickets WHERE company_id = ${t.companyId} AND contact_id = ${contactId} AND whatsapp_id = ${whatsappId})`),
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** A message of the same ticket, to quote. */
/** A message of the ticket a reply may quote, with what says whether the channel still has it. */
export async function findQuotable(db: Db, t: Tenant, ticketId: number, messageId: number) {
  const rows = rowsOf<{ id: string | number; is_private: boolean; is_deleted: boolean; failed: boolean }>(
    await db.execute(
      sql`SELECT id, is_private, is_deleted, send_error IS NOT NULL AS failed FROM messages
          WHERE id = ${messageId} AND ticket_id = ${ticketId} AND company_id = ${t.companyId}`,
    ),
  );
  const r = rows[0];
  return r ? { id: Number(r.id), isPrivate: r.is_private, isDeleted: r.is_deleted, failed: r.failed } : null;
}

export interface OutboundRow {
  ticketId: number;
  whatsappId: number | null;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  mediaMimeType: string | null;
  mediaSize: number | null;
  dataJson: Record<string, unknown> | null;
  quotedMsgId: number | null;
  isPrivate: boolean;
  queueId: number | null;
  /** The attendant; null for the automation (the bot is no user). */
  userId: number | null;
  lastMessage: string;
}

/** Stores the business's message first (ack 0) and moves the ticket; the send job takes it from there. */
export async function insertOutbound(db: Db, t: Tenant, m: OutboundRow): Promise<{ message: MessageRow; ticket: TicketRow }> {
  const rows = rowsOf<{ message: unknown; ticket: unknown }>(
    await db.execute(sql`
      WITH m AS (
        INSERT INTO messages (company_id, ticket_id, whatsapp_id, body, from_me, read, media_type, media_url, media_name, media_mime_type,
          media_size, data_json, quoted_msg_id, is_private, queue_id, user_id, ack)
        VALUES (${t.companyId}, ${m.ticketId}, ${m.whatsappId}, ${m.body}, true, true, ${m.mediaType}, ${m.mediaUrl}, ${m.mediaName},
          ${m.mediaMimeType}, ${m.mediaSize}, ${m.dataJson ? JSON.stringify(m.dataJson) : null}::jsonb, ${m.quotedMsgId}, ${m.isPrivate},
          ${m.queueId}, ${m.userId}, 0)
        RETURNING *
      ), t AS (
        UPDATE tickets SET
          last_message = CASE WHEN ${m.isPrivate} THEN last_message ELSE ${m.lastMessage} END,
          last_message_at = CASE WHEN ${m.isPrivate} THEN last_message_at ELSE now() END,
          unread_messages = 0, updated_at = now()
        WHERE id = ${m.ticketId} AND company_id = ${t.companyId}
        RETURNING *
      )
      SELECT (SELECT row_to_json(m) FROM m) AS message, (SELECT row_to_json(t) FROM t) AS ticket`),
  );
  return { message: camelRow(parseJson(rows[0].message)), ticket: camelRow(parseJson(rows[0].ticket)) };
}

/** A message the product itself writes to the customer (chatbot, greeting, lane, AI, integration, file list). */
export interface AutomaticMessage {
  ticketId: number;
  whatsappId: number;
  queueId: number | null;
  /** Kept as the message's dataJson: `automatic` names who spoke ('greeting', 'lane', 'ai', …), the rest is context. */
  origin: { automatic: string } & Record<string, unknown>;
  /** The text (a media's caption); empty for a media without one. */
  body: string;
  media?: { type: string; url: string; name: string; mimeType: string; size: number };
}

/**
 * The one way an automatic message is stored: like an attendant's (ack 0, sent by the send job after commit) but with
 * no user, never private, never quoting; the ticket's last message follows it.
 */
export async function insertAutomaticMessage(db: Db, t: Tenant, m: AutomaticMessage): Promise<MessageRow> {
  const mediaType = m.media?.type ?? 'text';
  const { message } = await insertOutbound(db, t, {
    ticketId: m.ticketId,
    whatsappId: m.whatsappId,
    body: m.body,
    mediaType,
    mediaUrl: m.media?.url ?? null,
    mediaName: m.media?.name ?? null,
    mediaMimeType: m.media?.mimeType ?? null,
    mediaSize: m.media?.size ?? null,
    dataJson: m.origin,
    quotedMsgId: null,
    isPrivate: false,
    queueId: m.queueId,
    userId: null,
    lastMessage: lastMessageText(m.body, mediaType),
  });
  return message;
}

/** The message's connection (`w`) as a channel adapter is built from, or null. */
const CONNECTION_JSON = sql`CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'companyId', w.company_id,
  'channel', w.channel, 'status', w.status, 'phoneNumberId', w.phone_number_id, 'accessToken', w.access_token,
  'facebookPageUserId', w.facebook_page_user_id, 'tokenMeta', w.token_meta) END`;

/** The message, its ticket's scope and its connection, as the send and download statements select them. */
function messageInTicketOf(r: Record<string, unknown>) {
  return {
    message: camelRow<MessageRow>(parseJson(r.message)),
    ticketQueueId: r.ticket_queue_id as number | null,
    ticketUserId: r.ticket_user_id as number | null,
    ticketIsGroup: r.ticket_is_group === true,
    connection: parseJson<ChannelConnectionConfig | null>(r.connection),
  };
}

export interface MessageForSend {
  message: MessageRow;
  ticketQueueId: number | null;
  ticketUserId: number | null;
  ticketIsGroup: boolean;
  contactNumber: string;
  quotedExternalId: string | null;
  connection: ChannelConnectionConfig | null;
  /** An older message of the same ticket still waiting to be sent: this one waits behind it. */
  olderPending: boolean;
}

export async function findMessageForSend(db: Db, { companyId }: Tenant, messageId: number): Promise<MessageForSend | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT row_to_json(m) AS message, t.queue_id AS ticket_queue_id, t.user_id AS ticket_user_id, t.is_group AS ticket_is_group, c.number AS contact_number,
        q.external_id AS quoted_external_id,
        ${CONNECTION_JSON} AS connection,
        EXISTS (SELECT 1 FROM messages o WHERE o.ticket_id = m.ticket_id AND o.id < m.id AND o.from_me AND NOT o.is_private
                AND o.ack = 0 AND o.external_id IS NULL AND o.send_error IS NULL AND o.created_at > now() - interval '1 day') AS older_pending
      FROM messages m
      JOIN tickets t ON t.id = m.ticket_id
      JOIN contacts c ON c.id = t.contact_id
      LEFT JOIN whatsapps w ON w.id = m.whatsapp_id AND w.company_id = m.company_id
      LEFT JOIN messages q ON q.id = m.quoted_msg_id
      WHERE m.id = ${messageId} AND m.company_id = ${companyId}`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...messageInTicketOf(r),
    contactNumber: r.contact_number as string,
    quotedExternalId: (r.quoted_external_id as string | null) ?? null,
    olderPending: r.older_pending === true,
  };
}

/** Records the channel's id of a sent message; a delivery report that arrived first may have set it already. */
export async function markSent(db: Db, { companyId }: Tenant, messageId: number, externalId: string): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE messages SET external_id = COALESCE(external_id, ${externalId}), ack = GREATEST(ack, 1), send_error = NULL, updated_at = now()
      WHERE id = ${messageId} AND company_id = ${companyId}
      RETURNING *`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/**
 * After `markSent` committed: a delivery report that came before the id was stored (ingest kept it in
 * message_early_statuses) is taken and applied — acks only go up, a failure wins. Null when none was waiting.
 */
export async function takeEarlyStatus(db: Db, { companyId }: Tenant, messageId: number): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH e AS (
        DELETE FROM message_early_statuses e USING messages m
         WHERE m.id = ${messageId} AND m.company_id = ${companyId}
           AND e.company_id = m.company_id AND e.whatsapp_id = m.whatsapp_id AND e.external_id = m.external_id
        RETURNING e.ack, e.failure
      )
      UPDATE messages SET
        ack = CASE WHEN e.failure IS NOT NULL THEN 0 ELSE GREATEST(messages.ack, e.ack) END,
        send_error = COALESCE(e.failure, messages.send_error),
        updated_at = now()
        FROM e
       WHERE messages.id = ${messageId} AND messages.company_id = ${companyId}
      RETURNING messages.*`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/** Early delivery reports no send took within an hour (messages Atendo never sent): forgotten. */
export async function dropStaleEarlyStatuses(db: Db) {
  await db.execute(sql`DELETE FROM message_early_statuses WHERE created_at < now() - interval '1 hour'`);
}

/** The channel refused the message for good: failed with the reason, ack back to 0 — never shown as sent. */
export async function markFailed(db: Db, { companyId }: Tenant, messageId: number, reason: string): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE messages SET send_error = ${reason.slice(0, 1000)}, ack = 0, updated_at = now()
      WHERE id = ${messageId} AND company_id = ${companyId} AND external_id IS NULL
      RETURNING *`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/**
 * A failed message of the business back to the send queue (issue 31 item 10): the failure, the ack and the id of the
 * refused attempt are cleared in one compare-and-set, so two retries queue it once. Null when it is not failed (sent,
 * waiting, already retried), a note or deleted.
 */
export async function requeueFailed(db: Db, { companyId }: Tenant, messageId: number): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE messages SET send_error = NULL, ack = 0, external_id = NULL, updated_at = now()
      WHERE id = ${messageId} AND company_id = ${companyId} AND from_me AND NOT is_private AND NOT is_deleted
        AND send_error IS NOT NULL
      RETURNING *`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

export interface MediaToDownload {
  message: MessageRow;
  ticketQueueId: number | null;
  ticketUserId: number | null;
  ticketIsGroup: boolean;
  connection: MessageForSend['connection'];
}

export async function findMediaToDownload(db: Db, { companyId }: Tenant, messageId: number): Promise<MediaToDownload | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT row_to_json(m) AS message, t.queue_id AS ticket_queue_id, t.user_id AS ticket_user_id, t.is_group AS ticket_is_group,
        ${CONNECTION_JSON} AS connection
      FROM messages m
      JOIN tickets t ON t.id = m.ticket_id
      LEFT JOIN whatsapps w ON w.id = m.whatsapp_id AND w.company_id = m.company_id
      WHERE m.id = ${messageId} AND m.company_id = ${companyId} AND m.media_ref IS NOT NULL AND m.media_url IS NULL`),
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...messageInTicketOf(r),
  };
}

export async function markMediaStored(
  db: Db,
  { companyId }: Tenant,
  messageId: number,
  file: { path: string; mime: string; size: number },
): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE messages SET media_url = ${file.path}, media_mime_type = ${file.mime}, media_size = ${file.size}, media_ref = NULL, updated_at = now()
      WHERE id = ${messageId} AND company_id = ${companyId} AND media_url IS NULL
      RETURNING *`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/** The media cannot be fetched (gone at the channel, too large, refused type): said in dataJson, never retried. */
export async function markMediaFailed(
  db: Db,
  { companyId }: Tenant,
  messageId: number,
  reason: string,
): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE messages SET media_ref = NULL,
        data_json = COALESCE(data_json, '{}'::jsonb) || jsonb_build_object('mediaError', ${reason.slice(0, 500)}::text),
        updated_at = now()
      WHERE id = ${messageId} AND company_id = ${companyId} AND media_url IS NULL
      RETURNING *`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

export async function setConnectionStatus(db: Db, connectionId: number, status: string) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      UPDATE whatsapps SET status = ${status}, updated_at = now() WHERE id = ${connectionId} AND status <> ${status}
      RETURNING id, company_id, status, updated_at, qrcode, retries`),
  );
  return rows[0]
    ? camelRow<{ id: number; companyId: number; status: string; updatedAt: Date; qrcode: string; retries: number }>(rows[0])
    : null;
}

/** Jobs of the send queue not yet done (created, retrying, running), by their message's channel. */
export async function outboundQueueByChannel(database: Database, queue: string): Promise<{ channel: string; count: number }[]> {
  return database.query<{ channel: string; count: number }>(
    `SELECT coalesce(w.channel, 'none') AS channel, count(*)::int AS count
       FROM pgboss.job j
       LEFT JOIN messages m ON m.id = (j.data->>'messageId')::int
       LEFT JOIN whatsapps w ON w.id = m.whatsapp_id
      WHERE (j.name = $1 OR j.name LIKE $1 || '.conn-%') AND j.state IN ('created', 'retry', 'active')
      GROUP BY 1`,
    [queue],
  );
}

/**
 * Outbound messages older than `olderThanSeconds` (and younger than a day) still unsent, with no send job waiting,
 * retrying or running for them (pg-boss' table): their process died between storing them and enqueueing the send.
 * Platform-wide (a maintenance sweep); the partial index messages_unsent_idx keeps it to the few unsent rows.
 */
export async function unsentWithoutJob(db: Db, olderThanSeconds: number, limit = 500) {
  return rowsOf<{ id: string | number; company_id: number }>(
    await db.execute(sql`
      SELECT m.id, m.company_id FROM messages m
      WHERE m.from_me AND m.ack = 0 AND m.external_id IS NULL AND m.send_error IS NULL AND NOT m.is_private
        AND m.created_at < now() - make_interval(secs => ${olderThanSeconds}) AND m.created_at > now() - interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j
                        WHERE j.state IN ('created', 'retry', 'active') AND j.data->>'messageId' = m.id::text)
      ORDER BY m.created_at LIMIT ${limit}`),
  ).map((r) => ({ id: Number(r.id), companyId: r.company_id }));
}

/** A stored message of the company (outgoing webhooks read the one an event names). */
export async function findMessageRow(db: Db, { companyId }: Tenant, messageId: number): Promise<MessageRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT row_to_json(m) AS message FROM messages m WHERE m.company_id = ${companyId} AND m.id = ${messageId}`,
    ),
  );
  const raw = rows[0]?.message;
  return raw ? camelRow<MessageRow>(parseJson(raw)) : null;
}
