import { sql } from 'drizzle-orm';
import type { StoredMessageRef } from '../../channels/types';
import { type Db, rowsOf } from '../../db/open';
import { camelRow } from '../../db/rows';
import type { Tenant } from '../../platform/context';
import type { MessageRow, TicketRow } from '../messages/messages.public';

// ─── delivery reports, edits, deletions ─────────────────────────────────────────

export interface MessageWithTicket {
  message: MessageRow;
  ticket: Pick<TicketRow, 'id' | 'queueId' | 'userId' | 'status' | 'isGroup'>;
}

function withTicket(rows: Record<string, unknown>[]): MessageWithTicket | null {
  const r = rows[0];
  if (!r) return null;
  const { t_queue_id, t_user_id, t_status, t_is_group, ...m } = r;
  const message = camelRow<MessageRow>(m);
  return {
    message,
    ticket: {
      id: message.ticketId,
      queueId: t_queue_id as number | null,
      userId: t_user_id as number | null,
      status: t_status as string,
      isGroup: t_is_group === true,
    },
  };
}

/**
 * Applies a delivery report to the business's message: found by its channel id, or by Atendo's own id echoed
 * back (`reference`) when the send's answer has not been recorded yet. Acks only go up; a failure clears the ack
 * and keeps the reason. Answers nothing when the message is unknown or nothing changed.
 */
export async function applyStatus(
  db: Db,
  p: { whatsappId: number; externalId: string; referenceId: number | null; ack: number | null; failure: string | null },
): Promise<MessageWithTicket | null> {
  return (await applyStatusOrTell(db, p)).found;
}

/**
 * `applyStatus`, also telling whether the message is known at all (`known` false: no message has that id yet — a
 * report ahead of the send's answer), in the same statement.
 */
export async function applyStatusOrTell(
  db: Db,
  p: { whatsappId: number; externalId: string; referenceId: number | null; ack: number | null; failure: string | null },
): Promise<{ found: MessageWithTicket | null; known: boolean }> {
  const failed = p.failure !== null;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH m AS (
        UPDATE messages SET
          ack = CASE WHEN ${failed} THEN 0 ELSE GREATEST(ack, ${p.ack ?? 0}::smallint) END,
          send_error = CASE WHEN ${failed} THEN ${p.failure}::text ELSE NULL END,
          external_id = COALESCE(external_id, ${p.externalId}),
          updated_at = now()
        WHERE whatsapp_id = ${p.whatsappId} AND from_me
          AND (external_id = ${p.externalId} OR (${p.referenceId}::bigint IS NOT NULL AND id = ${p.referenceId}::bigint
                                                 AND (external_id IS NULL OR external_id = ${p.externalId})))
          AND (CASE WHEN ${failed} THEN send_error IS DISTINCT FROM ${p.failure}::text
                    ELSE ack < ${p.ack ?? 0}::smallint OR send_error IS NOT NULL END)
        RETURNING *
      )
      SELECT m.*, t.queue_id AS t_queue_id, t.user_id AS t_user_id, t.status AS t_status, t.is_group AS t_is_group,
             (m.id IS NOT NULL OR EXISTS (SELECT 1 FROM messages k WHERE k.whatsapp_id = ${p.whatsappId}
                AND (k.external_id = ${p.externalId} OR k.id = ${p.referenceId}::bigint))) AS t_known
        FROM (SELECT 1) one LEFT JOIN m ON true LEFT JOIN tickets t ON t.id = m.ticket_id`),
  );
  const known = rows[0]?.t_known === true;
  const updated = rows.filter((r) => r.id !== null && r.id !== undefined).map(({ t_known, ...r }) => r);
  return { found: withTicket(updated), known };
}

/**
 * A delivery report for a message not found (no reference echoed, and the send's answer has not stored its id yet):
 * kept — the highest ack, or the failure — until the send stores the id and takes it (messages.repository
 * `takeEarlyStatus`). A report for a message Atendo never sent is dropped after an hour.
 */
export async function rememberEarlyStatus(
  db: Db,
  p: { whatsappId: number; externalId: string; ack: number | null; failure: string | null },
) {
  await db.execute(sql`
    INSERT INTO message_early_statuses (company_id, whatsapp_id, external_id, ack, failure)
    SELECT company_id, id, ${p.externalId}, ${p.ack ?? 0}, ${p.failure} FROM whatsapps WHERE id = ${p.whatsappId}
    ON CONFLICT (whatsapp_id, external_id) DO UPDATE
      SET ack = GREATEST(message_early_statuses.ack, excluded.ack),
          failure = COALESCE(excluded.failure, message_early_statuses.failure)`);
}

export async function forgetEarlyStatus(db: Db, p: { whatsappId: number; externalId: string }) {
  await db.execute(sql`DELETE FROM message_early_statuses WHERE whatsapp_id = ${p.whatsappId} AND external_id = ${p.externalId}`);
}

export async function applyEdit(
  db: Db,
  p: { whatsappId: number; externalId: string; body: string },
): Promise<MessageWithTicket | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH m AS (
        UPDATE messages SET body = ${p.body}, is_edited = true, updated_at = now()
        WHERE whatsapp_id = ${p.whatsappId} AND external_id = ${p.externalId} AND body IS DISTINCT FROM ${p.body}
        RETURNING *
      )
      SELECT m.*, t.queue_id AS t_queue_id, t.user_id AS t_user_id, t.status AS t_status, t.is_group AS t_is_group FROM m JOIN tickets t ON t.id = m.ticket_id`),
  );
  return withTicket(rows);
}

export async function applyRevoke(db: Db, p: { whatsappId: number; externalId: string }): Promise<MessageWithTicket | null> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH m AS (
        UPDATE messages SET is_deleted = true, updated_at = now()
        WHERE whatsapp_id = ${p.whatsappId} AND external_id = ${p.externalId} AND NOT is_deleted
        RETURNING *
      )
      SELECT m.*, t.queue_id AS t_queue_id, t.user_id AS t_user_id, t.status AS t_status, t.is_group AS t_is_group FROM m JOIN tickets t ON t.id = m.ticket_id`),
  );
  return withTicket(rows);
}

export async function findUserRef(db: Db, t: Tenant, userId: number) {
  const rows = rowsOf<{ id: number; name: string; color: string | null }>(
    await db.execute(sql`SELECT id, name, color FROM users WHERE id = ${userId} AND company_id = ${t.companyId}`),
  );
  return rows[0] ?? null;
}

export async function findQueueRef(db: Db, t: Tenant, queueId: number) {
  const rows = rowsOf<{ id: number; name: string; color: string }>(
    await db.execute(sql`SELECT id, name, color FROM queues WHERE id = ${queueId} AND company_id = ${t.companyId}`),
  );
  return rows[0] ?? null;
}

/** A message of the connection with its chat (the ticket's contact) and, in a group, its author: replies, reactions, read receipts. */
export async function findStoredMessage(db: Db, connectionId: number, externalId: string): Promise<StoredMessageRef | null> {
  const rows = rowsOf<{ from_me: boolean; body: string; chat: string; participant: string | null }>(
    await db.execute(sql`
      SELECT m.from_me, m.body, tc.number AS chat, CASE WHEN tc.is_group THEN sc.number END AS participant
      FROM messages m JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
      JOIN contacts tc ON tc.id = t.contact_id AND tc.company_id = m.company_id
      LEFT JOIN contacts sc ON sc.id = m.contact_id AND sc.company_id = m.company_id
      WHERE m.whatsapp_id = ${connectionId} AND m.external_id = ${externalId} LIMIT 1`),
  );
  const r = rows[0];
  return r ? { fromMe: r.from_me, body: r.body, chat: r.chat, participant: r.participant } : null;
}

// ─── WhatsApp identities and history imports (the Baileys adapter, through the port) ───

/**
 * The phone number of a person known only by LID: a contact of the company that has this LID.
 * `number` is digits, or the LID jid itself for a contact first seen without a number.
 */
export async function numberForLid(db: Db, { companyId }: Tenant, lid: string): Promise<string | null> {
  const rows = rowsOf<{ number: string }>(
    await db.execute(sql`
      SELECT number FROM contacts WHERE company_id = ${companyId} AND channel = 'whatsapp' AND lid = ${lid} AND NOT is_group
      ORDER BY (number = ${lid}) ASC, id LIMIT 1`),
  );
  return rows[0]?.number ?? null;
}

/**
 * WhatsApp told us a LID's phone number: a contact created under the LID alone takes the number (unless a contact with
 * that number exists — then it only learns the LID), so later messages under either address reach one contact.
 */
export async function mergeLidIntoNumber(db: Db, { companyId }: Tenant, p: { lid: string; number: string }) {
  await db.execute(sql`
    WITH moved AS (
      UPDATE contacts SET number = ${p.number}, updated_at = now()
      WHERE company_id = ${companyId} AND channel = 'whatsapp' AND number = ${p.lid}
        AND NOT EXISTS (SELECT 1 FROM contacts c2 WHERE c2.company_id = ${companyId} AND c2.channel = 'whatsapp' AND c2.number = ${p.number})
      RETURNING id
    )
    UPDATE contacts SET lid = ${p.lid}, updated_at = now()
    WHERE company_id = ${companyId} AND channel = 'whatsapp' AND number = ${p.number} AND lid IS DISTINCT FROM ${p.lid}
      AND NOT EXISTS (SELECT 1 FROM moved)`);
}

/** Tickets an import touched: marked imported and put in the import queue (when they have none). */
export async function markImportedTickets(db: Db, { companyId }: Tenant, ticketIds: number[], queueId: number | null) {
  if (ticketIds.length === 0) return;
  await db.execute(sql`
    UPDATE tickets SET imported = COALESCE(imported, now()), queue_id = COALESCE(queue_id, ${queueId}::int), unread_messages = 0
    WHERE company_id = ${companyId} AND id IN (${sql.join(
      ticketIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** POST /closedimported/:id and closedTicketsPostImported: closes the connection's imported tickets still open. */
