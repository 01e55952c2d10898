/**
 * The one way a ticket closes (issue 15 item 2), used by the transitions (close, ignore, transfer with
 * closeTicketOnTransfer), close-all, the idle sweep, the automation and the channel history import. A closed
 * ticket has no unread messages, the bot no longer talks in it (isBot, its menu position and counters reset), no
 * inactivity message is due, and a log entry says who closed it (null: the system).
 */
import type { TicketLogType } from '@atendo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/open';
import type { Tenant } from '../../platform/context';
import type { TicketScope } from './tickets.audience';
import { insertLog, type TicketRow, type TicketValues, updateTicket } from './tickets.repository';

/** What every close writes. */
export function closedValues(now = new Date()) {
  return {
    status: 'closed',
    closedAt: now,
    unreadMessages: 0,
    isBot: false,
    amountUsedBotQueues: 0,
    chatbotOptionId: null,
    sendInactiveMessage: false,
  } satisfies TicketValues;
}

export interface CloseOptions {
  /** Closes only from these statuses (the transition's guard); null when nothing changed meanwhile. */
  fromStatuses: readonly string[];
  /** Who closed it (the log's user); null for the system. */
  by: number | null;
  /** The log entry: `closed`, or `transfered` when a transfer ends the attendance. */
  logType?: Extract<TicketLogType, 'closed' | 'transfered'>;
  /** Fields a transition sets besides (the closing attendant as owner, the counter the client sent). */
  also?: Pick<TicketValues, 'userId' | 'amountUsedBotQueues'>;
  now?: Date;
}

/** Closes one ticket with its log entry; `db` may be a transaction. Answers the closed row, or null. */
export async function closeTicket(db: Db, tenant: Tenant, id: number, o: CloseOptions): Promise<TicketRow | null> {
  const closed = await updateTicket(db, tenant, id, { ...closedValues(o.now), ...o.also }, { fromStatuses: [...o.fromStatuses] });
  if (closed) await insertLog(db, tenant, { ticketId: id, type: o.logType ?? 'closed', userId: o.by, queueId: closed.queueId });
  return closed;
}

/**
 * Closes every live ticket of the company that `where` selects (a condition on `tickets` columns), in one
 * statement with their log entries. Answers the closed tickets' scopes (to publish them).
 */
async function closeTicketsWhere(db: Db, tenant: Tenant, where: SQL, by: number | null): Promise<TicketScope[]> {
  const rows = rowsOf<{ id: number; queue_id: number | null; user_id: number | null; is_group: boolean }>(
    await db.execute(sql`
      WITH closed AS (
        UPDATE tickets SET status = 'closed', closed_at = now(), updated_at = now(), unread_messages = 0,
          is_bot = false, amount_used_bot_queues = 0, chatbot_option_id = NULL, send_inactive_message = false
        WHERE company_id = ${tenant.companyId} AND status <> 'closed' AND (${where})
        RETURNING id, queue_id, user_id, is_group
      ), logs AS (
        INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id)
        SELECT ${tenant.companyId}, id, 'closed', ${by}::int, queue_id FROM closed
      )
      SELECT id, queue_id, user_id, is_group FROM closed`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    queueId: r.queue_id == null ? null : Number(r.queue_id),
    userId: r.user_id == null ? null : Number(r.user_id),
    isGroup: r.is_group === true,
  }));
}

/** Close all (admins): the company's live tickets of one status, optionally only in some queues. */
export function closeTicketsOfStatus(db: Db, tenant: Tenant, f: { status: string; queueIds?: number[] }, by: number) {
  const inQueues = f.queueIds?.length ? sql`AND queue_id = ANY(${sql.param(f.queueIds)}::int[])` : sql``;
  return closeTicketsWhere(db, tenant, sql`status = ${f.status} ${inQueues}`, by);
}

/** The connection's history import is done with: its imported tickets still live close (by the system). */
export function closeImportedTickets(db: Db, tenant: Tenant, connectionId: number) {
  return closeTicketsWhere(db, tenant, sql`whatsapp_id = ${connectionId} AND imported IS NOT NULL`, null);
}
