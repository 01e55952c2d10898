/**
 * Every SQL statement of inbound ingest. Race-freedom comes from the database: the contact upsert locks the
 * contact's row (so one contact's events run one after the other), the partial unique index on live tickets
 * and the unique (whatsapp_id, external_id) on messages make concurrent or repeated deliveries converge.
 * Each function takes the company the connection belongs to; none reads it from the event.
 */
import { phoneNumberVariants } from '@atendo/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { buildOnce, executeBuilt } from '../../db/built';
import { type Db, rowsOf } from '../../db/open';
import { camelRow } from '../../db/rows';
import { companyIsActiveSql, type Tenant } from '../../platform/context';
import { type ContactRow, MESSAGE_RETURNING, type MessageRow, type TicketRow } from '../messages/messages.public';

export interface IngestConnection {
  id: number;
  companyId: number;
  channel: string;
  name: string;
  status: string;
  timeCreateNewTicket: number;
  groupAsTicket: string;
  allowGroup: boolean;
  /** The owning company is switched on (platform/context isCompanyActive): an inactive company's bot does not answer. */
  companyActive: boolean;
  queues: { id: number; name: string; color: string }[];
}

/** The connection an event came in on, with its queues (one statement). */
export async function loadIngestConnection(db: Db, connectionId: number): Promise<IngestConnection | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT w.id, w.company_id, w.channel, w.name, w.status, w.time_create_new_ticket, w.group_as_ticket, w.allow_group,
        ${companyIsActiveSql(sql`w.company_id`)} AS company_active,
        COALESCE((SELECT json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color) ORDER BY q.order_queue NULLS LAST, q.name)
                  FROM whatsapp_queues wq JOIN queues q ON q.id = wq.queue_id
                  WHERE wq.whatsapp_id = w.id AND wq.company_id = w.company_id), '[]'::json) AS queues
      FROM whatsapps w WHERE w.id = ${connectionId}`),
  );
  if (!rows[0]) return null;
  const r = camelRow<IngestConnection & { queues: unknown }>(rows[0]);
  return { ...r, queues: typeof r.queues === 'string' ? JSON.parse(r.queues) : (r.queues as IngestConnection['queues']) };
}

export interface ContactInput {
  channel: string;
  /** As the channel wrote it. A Brazilian mobile also finds its contact stored in the other form (decision 111). */
  number: string;
  name: string;
  lid?: string | null;
  isGroup: boolean;
  whatsappId: number;
  /** The business wrote it: the profile name of the event is ours, not the contact's. */
  keepName: boolean;
}

/** A WhatsApp person's number in its other stored form (a Brazilian mobile with or without its ninth digit), else itself. */
function otherNumberOf(c: ContactInput): string {
  if (c.isGroup || c.channel !== 'whatsapp') return c.number;
  const v = phoneNumberVariants(c.number);
  return v.find((n) => n !== c.number) ?? c.number;
}

/**
 * Creates the contact or refreshes it, taking its row lock until commit. A contact already stored under the number's
 * other form (a Brazilian mobile typed with its ninth digit, written by WhatsApp without it) is that contact. A name the attendant gave is kept;
 * a contact still named after its number takes the channel's profile name.
 */
export async function upsertContact(tx: Db, t: Tenant, c: ContactInput): Promise<ContactRow & { inserted: boolean }> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      INSERT INTO contacts (company_id, channel, number, name, lid, is_group, whatsapp_id)
      VALUES (${t.companyId}, ${c.channel},
              COALESCE((SELECT number FROM contacts WHERE company_id = ${t.companyId} AND channel = ${c.channel}
                          AND number IN (${c.number}, ${otherNumberOf(c)}) ORDER BY number = ${c.number} DESC LIMIT 1), ${c.number}),
              ${c.name}, ${c.lid ?? null}, ${c.isGroup}, ${c.whatsappId})
      ON CONFLICT (company_id, channel, number) DO UPDATE SET
        name = CASE WHEN ${c.keepName} THEN contacts.name
                    WHEN contacts.name = contacts.number AND EXCLUDED.name <> EXCLUDED.number THEN EXCLUDED.name
                    ELSE contacts.name END,
        lid = COALESCE(EXCLUDED.lid, contacts.lid),
        whatsapp_id = EXCLUDED.whatsapp_id,
        updated_at = now()
      RETURNING *, (xmax = 0) AS inserted`),
  );
  return camelRow(rows[0]);
}

export async function findMessageByExternalId(tx: Db, t: Tenant, whatsappId: number, externalId: string) {
  const rows = rowsOf<{ id: string | number; ticket_id: number; media_pending: boolean }>(
    await tx.execute(sql`
      SELECT id, ticket_id, (media_ref IS NOT NULL AND media_url IS NULL) AS media_pending FROM messages
      WHERE whatsapp_id = ${whatsappId} AND external_id = ${externalId} AND company_id = ${t.companyId}`),
  );
  return rows[0] ? { id: Number(rows[0].id), ticketId: rows[0].ticket_id, mediaPending: rows[0].media_pending === true } : null;
}

/**
 * After the contact is locked: was this event stored before, and which ticket is live — one round trip.
 * A new statement, so it sees what a concurrent delivery of the same contact committed while we waited.
 */
export async function findDuplicateOrLiveTicket(
  tx: Db,
  t: Tenant,
  p: { whatsappId: number; externalId: string; contactId: number },
): Promise<{ duplicate: { id: number; ticketId: number; mediaPending: boolean } | null; ticket: TicketRow | null }> {
  const rows = rowsOf<{ dup: Record<string, unknown> | string | null; ticket: Record<string, unknown> | string | null }>(
    await tx.execute(sql`
      SELECT
        (SELECT json_build_object('id', id, 'ticketId', ticket_id, 'mediaPending', media_ref IS NOT NULL AND media_url IS NULL)
           FROM messages WHERE whatsapp_id = ${p.whatsappId} AND external_id = ${p.externalId} AND company_id = ${t.companyId}) AS dup,
        (SELECT row_to_json(tk) FROM tickets tk
           WHERE tk.contact_id = ${p.contactId} AND tk.whatsapp_id = ${p.whatsappId} AND tk.status <> 'closed'
             AND tk.company_id = ${t.companyId}) AS ticket`),
  );
  const json = (v: Record<string, unknown> | string | null) => (v ? (typeof v === 'string' ? JSON.parse(v) : v) : null);
  const dup = json(rows[0]?.dup ?? null) as { id: number; ticketId: number; mediaPending: boolean } | null;
  const ticket = json(rows[0]?.ticket ?? null);
  return { duplicate: dup ? { ...dup, id: Number(dup.id) } : null, ticket: ticket ? camelRow(ticket) : null };
}

export async function findLiveTicket(tx: Db, t: Tenant, contactId: number, whatsappId: number): Promise<TicketRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      SELECT * FROM tickets
      WHERE contact_id = ${contactId} AND whatsapp_id = ${whatsappId} AND status <> 'closed' AND company_id = ${t.companyId}`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/** The contact's ticket on this connection closed less than `withinSeconds` ago, reopened as `status`, with its log entry. */
export async function reopenRecentTicket(
  tx: Db,
  t: Tenant,
  p: { contactId: number; whatsappId: number; withinSeconds: number; status: string },
): Promise<TicketRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      WITH prev AS (
        SELECT id FROM tickets
        WHERE company_id = ${t.companyId} AND contact_id = ${p.contactId} AND whatsapp_id = ${p.whatsappId} AND status = 'closed'
          AND COALESCE(closed_at, updated_at) > now() - make_interval(secs => ${p.withinSeconds})
        ORDER BY COALESCE(closed_at, updated_at) DESC LIMIT 1
      ), t AS (
        UPDATE tickets SET status = ${p.status}, user_id = NULL, closed_at = NULL, unread_messages = 0, updated_at = now()
        WHERE id = (SELECT id FROM prev) RETURNING *
      ), l AS (
        INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id) SELECT company_id, id, 'reopen', queue_id FROM t
      )
      SELECT * FROM t`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

/** Opens the contact's ticket with its `create` log entry; null when a concurrent delivery opened it first. */
export async function createTicket(
  tx: Db,
  t: Tenant,
  p: {
    contactId: number;
    whatsappId: number;
    status: string;
    queueId: number | null;
    channel: string;
    isGroup: boolean;
    fromMe: boolean;
  },
): Promise<TicketRow | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      WITH t AS (
        INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, queue_id, channel, is_group, from_me)
        VALUES (${t.companyId}, ${p.contactId}, ${p.whatsappId}, ${p.status}, ${p.queueId}, ${p.channel}, ${p.isGroup}, ${p.fromMe})
        ON CONFLICT (contact_id, whatsapp_id) WHERE status <> 'closed' DO NOTHING
        RETURNING *
      ), l AS (
        INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id) SELECT company_id, id, 'create', queue_id FROM t
      )
      SELECT * FROM t`),
  );
  return rows[0] ? camelRow(rows[0]) : null;
}

export interface MessageInput {
  ticketId: number;
  contactId: number | null;
  whatsappId: number;
  externalId: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string;
  mediaRef: Record<string, unknown> | null;
  mediaName: string | null;
  mediaMimeType: string | null;
  mediaSize: number | null;
  dataJson: Record<string, unknown> | null;
  quotedExternalId: string | null;
  ack: number;
  isForwarded: boolean;
  queueId: number | null;
  createdAt: Date;
  /** What the ticket list shows; null leaves the ticket's last message as it is (reactions). */
  lastMessage: string | null;
  /** Added to the ticket's unread count; null resets it (the business answered from elsewhere). */
  unreadIncrement: number | null;
  /** A customer's message in a switched-on company, not in a group: the automation may owe it an answer. */
  automationDue: boolean;
}

type MessageFields = Omit<MessageInput, 'ticketId' | 'contactId' | 'queueId'>;

/** The parameters of an inbound message's insert and its ticket's touch, as the statements take them. */
interface MessageParams {
  companyId: number;
  whatsappId: number;
  externalId: string;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string;
  mediaRef: string | null;
  mediaName: string | null;
  mediaMimeType: string | null;
  mediaSize: number | null;
  dataJson: string | null;
  quotedExternalId: string | null;
  ack: number;
  isForwarded: boolean;
  createdAt: string;
  lastMessage: string | null;
  unreadIncrement: number | null;
  automationDue: boolean;
}

/** A statement's parameters: values, or the placeholders of a statement built once. */
type Params<P> = { [K in keyof P]: P[K] | Placeholder };

function messageParams(t: Tenant, m: MessageFields): MessageParams {
  return {
    companyId: t.companyId,
    whatsappId: m.whatsappId,
    externalId: m.externalId,
    body: m.body,
    fromMe: m.fromMe,
    read: m.read,
    mediaType: m.mediaType,
    mediaRef: m.mediaRef ? JSON.stringify(m.mediaRef) : null,
    mediaName: m.mediaName,
    mediaMimeType: m.mediaMimeType,
    mediaSize: m.mediaSize,
    dataJson: m.dataJson ? JSON.stringify(m.dataJson) : null,
    quotedExternalId: m.quotedExternalId,
    ack: m.ack,
    isForwarded: m.isForwarded,
    createdAt: m.createdAt.toISOString(),
    lastMessage: m.lastMessage,
    unreadIncrement: m.unreadIncrement,
    automationDue: m.automationDue,
  };
}

/**
 * The automation's mark of a stored message (messages.automation): 2 when it opened its ticket, 1 when the ticket is
 * one no attendant holds (a bot, a menu, a rating or consent question, the queue's waiting line) or it is an audio
 * (refused by contact whoever holds the ticket), else 0 — a message into a ticket an attendant holds costs the
 * automation nothing. `ticket` says where the ticket's status and owner come from.
 */
function automationMarkSql(
  m: Params<Pick<MessageParams, 'automationDue' | 'mediaType'>>,
  openedTicket: boolean,
  ticket: { status: SQL; userId: SQL },
) {
  return sql`CASE WHEN NOT ${m.automationDue}::boolean THEN 0 WHEN ${openedTicket}::boolean THEN 2
    WHEN ${ticket.status} <> 'open' OR ${ticket.userId} IS NULL OR ${m.mediaType}::text = 'audio' THEN 1 ELSE 0 END`;
}

/**
 * THE insert of an inbound message, used by both ingest paths: nothing when the channel delivered it before
 * (unique whatsapp_id + external_id). `row` says where the ticket, sender and queue come from: parameters, or the
 * columns of the locked live ticket (`from`). `quoted`: the message quotes another (its id is looked up).
 */
function insertMessageSql(
  m: Params<MessageParams>,
  quoted: boolean,
  row: { ticketId: SQL; contactId: SQL; queueId: SQL; from: SQL; automation: SQL },
): SQL {
  return sql`INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, media_type,
          media_ref, media_name, media_mime_type, media_size, data_json, quoted_msg_id, quoted_external_id, ack, is_forwarded,
          queue_id, created_at, automation)
        SELECT ${m.companyId}, ${row.ticketId}, ${row.contactId}, ${m.whatsappId}, ${m.externalId}, ${m.body},
          ${m.fromMe}, ${m.read}, ${m.mediaType}, ${m.mediaRef}::jsonb, ${m.mediaName},
          ${m.mediaMimeType}, ${m.mediaSize}, ${m.dataJson}::jsonb,
          ${quoted ? sql`(SELECT id FROM messages WHERE whatsapp_id = ${m.whatsappId} AND external_id = ${m.quotedExternalId})` : null},
          ${m.quotedExternalId}, ${m.ack}, ${m.isForwarded}, ${row.queueId}, ${m.createdAt}::timestamptz,
          ${row.automation}
        ${row.from}
        ON CONFLICT (whatsapp_id, external_id) DO NOTHING
        RETURNING ${MESSAGE_RETURNING}`;
}

/** How a new message moves its ticket: last message (unless an older one arrives late), unread count, updatedAt. */
function touchTicketSql(m: Params<Pick<MessageParams, 'lastMessage' | 'unreadIncrement' | 'createdAt'>>): SQL {
  return sql`last_message = CASE WHEN ${m.lastMessage}::text IS NOT NULL AND (last_message_at IS NULL OR last_message_at <= ${m.createdAt}::timestamptz)
                              THEN ${m.lastMessage}::text ELSE last_message END,
          last_message_at = CASE WHEN ${m.lastMessage}::text IS NOT NULL THEN GREATEST(COALESCE(last_message_at, ${m.createdAt}::timestamptz), ${m.createdAt}::timestamptz)
                                 ELSE last_message_at END,
          unread_messages = CASE WHEN ${m.unreadIncrement}::int IS NULL THEN 0 ELSE unread_messages + ${m.unreadIncrement}::int END,
          updated_at = now()`;
}

/**
 * Inserts the message (nothing when the channel delivered it before) and, only if it was new, moves the ticket:
 * last message (unless an older message arrives late), unread count, updatedAt. One statement.
 */
export async function insertMessageAndTouchTicket(
  tx: Db,
  t: Tenant,
  m: MessageInput,
  ticket: { status: string; userId: number | null; opened: boolean },
): Promise<{ message: MessageRow | null; ticket: TicketRow | null }> {
  const p = messageParams(t, m);
  const rows = rowsOf<{ message: Record<string, unknown> | string | null; ticket: Record<string, unknown> | string | null }>(
    await tx.execute(sql`
      WITH m AS (
        ${insertMessageSql(p, Boolean(m.quotedExternalId), {
          ticketId: sql`${m.ticketId}::int`,
          contactId: sql`${m.contactId}::int`,
          queueId: sql`${m.queueId}::int`,
          from: sql``,
          automation: automationMarkSql(p, ticket.opened, {
            status: sql`${ticket.status}::text`,
            userId: sql`${ticket.userId}::int`,
          }),
        })}
      ), t AS (
        UPDATE tickets SET ${touchTicketSql(p)}
        WHERE id = ${m.ticketId} AND company_id = ${t.companyId} AND EXISTS (SELECT 1 FROM m)
        RETURNING *
      )
      SELECT (SELECT row_to_json(m) FROM m) AS message, (SELECT row_to_json(t) FROM t) AS ticket`),
  );
  const parse = (v: Record<string, unknown> | string | null) =>
    v ? camelRow<never>(typeof v === 'string' ? JSON.parse(v) : v) : null;
  return { message: parse(rows[0]?.message ?? null), ticket: parse(rows[0]?.ticket ?? null) };
}

interface LiveTicketParams extends MessageParams {
  channel: string;
  number: string;
  otherNumber: string;
  keepName: boolean;
  name: string;
  lid: string | null;
  contactWhatsappId: number;
  senderIsContact: boolean;
}

/** The statement of a message into a live ticket, built once per shape (quoting another message or not). */
const liveTicketStatement = (quoted: boolean) =>
  buildOnce<LiveTicketParams & Record<string, unknown>>(
    (p) => sql`
      WITH c AS (
        SELECT * FROM contacts
         WHERE company_id = ${p.companyId} AND channel = ${p.channel} AND number IN (${p.number}, ${p.otherNumber})
         ORDER BY number = ${p.number} DESC LIMIT 1
      ), tk AS (
        SELECT tickets.* FROM tickets, c
        WHERE tickets.contact_id = c.id AND tickets.whatsapp_id = ${p.whatsappId} AND tickets.status <> 'closed'
          AND tickets.company_id = ${p.companyId}
        FOR NO KEY UPDATE OF tickets
      ), cu AS (
        UPDATE contacts SET
          name = CASE WHEN NOT ${p.keepName} AND contacts.name = contacts.number AND ${p.name}::text <> contacts.number
                      THEN ${p.name}::text ELSE contacts.name END,
          lid = COALESCE(${p.lid}::text, contacts.lid),
          whatsapp_id = ${p.contactWhatsappId}::int,
          updated_at = now()
        WHERE contacts.id = (SELECT contact_id FROM tk)
          AND (contacts.whatsapp_id IS DISTINCT FROM ${p.contactWhatsappId}::int
               OR (${p.lid}::text IS NOT NULL AND contacts.lid IS DISTINCT FROM ${p.lid}::text)
               OR (NOT ${p.keepName} AND contacts.name = contacts.number AND ${p.name}::text <> contacts.number))
        RETURNING contacts.*
      ), m AS (
        ${insertMessageSql(p, quoted, {
          ticketId: sql`tk.id`,
          contactId: sql`CASE WHEN ${p.senderIsContact} THEN tk.contact_id END`,
          queueId: sql`tk.queue_id`,
          from: sql`FROM tk`,
          automation: automationMarkSql(p, false, { status: sql`tk.status`, userId: sql`tk.user_id` }),
        })}
      ), u AS (
        UPDATE tickets SET ${touchTicketSql(p)}
        WHERE tickets.id = (SELECT ticket_id FROM m) AND tickets.company_id = ${p.companyId}
        RETURNING tickets.*
      )
      SELECT COALESCE((SELECT row_to_json(cu) FROM cu), (SELECT row_to_json(c) FROM c)) AS contact,
             (SELECT id FROM tk) AS live_id, (SELECT row_to_json(m) FROM m) AS message, (SELECT row_to_json(u) FROM u) AS ticket`,
  );
let plain: ReturnType<typeof liveTicketStatement> | undefined;
let quoting: ReturnType<typeof liveTicketStatement> | undefined;
const liveTicketPlain = () => (plain ??= liveTicketStatement(false));
const liveTicketQuoting = () => (quoting ??= liveTicketStatement(true));

/**
 * The common case in one statement, without an explicit transaction: the contact exists and has a live ticket on
 * this connection. The ticket's row is locked first (so one contact's messages are stored one after the other,
 * in the order they took the lock), then the message is inserted and the ticket moved; the contact is written only
 * when something about it changed. `liveTicketId` null means the slow path must run (new contact, no live ticket, or a
 * ticket just closed); `message` null with `liveTicketId` set is a redelivery.
 */
export async function ingestIntoLiveTicket(
  db: Db,
  t: Tenant,
  c: ContactInput,
  m: Omit<MessageInput, 'ticketId' | 'contactId' | 'queueId'> & { senderIsContact: boolean },
): Promise<{
  contact: ContactRow & { inserted: boolean };
  liveTicketId: number | null;
  message: MessageRow | null;
  ticket: TicketRow | null;
}> {
  const quoted = Boolean(m.quotedExternalId);
  const statement = quoted ? liveTicketQuoting() : liveTicketPlain();
  const rows = await executeBuilt(db, statement, {
    ...messageParams(t, m),
    channel: c.channel,
    number: c.number,
    otherNumber: otherNumberOf(c),
    keepName: c.keepName,
    name: c.name,
    lid: c.lid ?? null,
    contactWhatsappId: c.whatsappId,
    senderIsContact: m.senderIsContact,
  });
  const parse = (v: unknown) =>
    v ? camelRow<never>((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>) : null;
  const r = rows[0] ?? {};
  const contact = parse(r.contact) as (ContactRow & { inserted: boolean }) | null;
  if (contact) contact.inserted = false;
  return {
    contact: contact as never,
    liveTicketId: contact && r.live_id != null ? Number(r.live_id) : null,
    message: parse(r.message),
    ticket: parse(r.ticket),
  };
}

export * from './ingest.updates.repository';
