/**
 * The one way a ticket closes (issue 15 item 2), used by the transitions (close, ignore, transfer with
 * closeTicketOnTransfer), close-all, the idle sweep, the automation and the channel history import. A closed
 * ticket has no unread messages, the bot no longer talks in it (isBot, its menu position and counters reset), no
 * inactivity message is due, a log entry says who closed it (null: the system), and the attendance it ends is
 * recorded with its lifecycle moments (ticket_trackings, read by the dashboard).
 */
import type { TicketLogType } from '@atendo/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { ticketLogs, tickets } from '../../db/schema';
import type { Tenant } from '../../platform/context';
import type { TicketScope } from './tickets.audience';
import { insertLog, recordAttendances, type TicketRow, type TicketValues, updateTicket } from './tickets.repository';

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
  if (closed) {
    await insertLog(db, tenant, { ticketId: id, type: o.logType ?? 'closed', userId: o.by, queueId: closed.queueId });
    await recordAttendances(db, tenant, [id]);
  }
  return closed;
}

/**
 * Closes every live ticket of the company that `where` selects (a condition on `tickets` columns) with the same
 * values as `closeTicket`, and their log entries, in one transaction. Answers the closed tickets' scopes (to publish them).
 */
async function closeTicketsWhere(db: Db, tenant: Tenant, where: SQL, by: number | null): Promise<TicketScope[]> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(tickets)
      .set({ ...closedValues(), updatedAt: new Date() })
      .where(and(eq(tickets.companyId, tenant.companyId), ne(tickets.status, 'closed'), where))
      .returning({ id: tickets.id, queueId: tickets.queueId, userId: tickets.userId, isGroup: tickets.isGroup });
    if (closed.length) {
      await tx.insert(ticketLogs).values(
        closed.map((t) => ({
          companyId: tenant.companyId,
          ticketId: t.id,
          type: 'closed' as const,
          userId: by,
          queueId: t.queueId,
        })),
      );
      await recordAttendances(
        tx,
        tenant,
        closed.map((t) => t.id),
      );
    }
    return closed;
  });
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
