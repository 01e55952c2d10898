/**
 * What the tickets' use-cases share: the log entry of a move, the automatic texts (queued through the outbound
 * pipeline, never undoing the move they follow), their placeholders, and the answers "who holds it" and "no such queue".
 */
import type { TicketLogType } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { OutboundService } from '../messages/outbound.service';
import * as repo from './tickets.repository';

/** What the tickets module needs of the message pipeline: store a message in a ticket and send it (issue 4). */
export type TicketOutbound = Pick<OutboundService, 'send'>;

/** Statuses of a ticket someone attends. */
export const LIVE = ['open', 'group', 'nps'];

export function createTicketEffects(deps: CoreDeps, outbound: TicketOutbound) {
  const { db } = deps.database;

  async function otherOpenTicket(ctx: TenantContext, live: repo.TicketRow): Promise<never> {
    throw new AppError('ERR_OTHER_OPEN_TICKET', 409, await repo.ownerDetails(db, ctx, live));
  }

  async function log(ctx: TenantContext, ticketId: number, type: TicketLogType, userId: number | null, queueId: number | null) {
    await repo.insertLog(db, ctx, { ticketId, type, userId, queueId });
  }

  /** An automatic text to the contact; a failure to queue it never undoes the transition it follows. */
  async function sendAutomatic(ctx: TenantContext, ticketId: number, text: string, opts: { isPrivate?: boolean } = {}) {
    if (!text.trim()) return;
    try {
      await outbound.send(ctx, ticketId, { body: text, isPrivate: opts.isPrivate });
    } catch {
      // e.g. the connection was removed: the ticket moved anyway; the conversation shows nothing was sent.
    }
  }

  async function templateVars(ctx: TenantContext, t: repo.TicketRow, userId: number | null) {
    const [contact, queue, user, whatsapp] = await Promise.all([
      repo.findContact(db, ctx, t.contactId),
      t.queueId ? repo.findQueueRef(db, ctx, t.queueId) : null,
      userId ? repo.findUserRef(db, ctx, userId) : null,
      t.whatsappId ? repo.findWhatsapp(db, ctx, t.whatsappId) : null,
    ]);
    return {
      vars: {
        contactName: contact?.name ?? '',
        userName: user?.name ?? null,
        queueName: queue?.name ?? null,
        connectionName: whatsapp?.name ?? null,
        ticketId: t.id,
        timezone: ctx.company.timezone,
      },
      whatsapp,
      user,
    };
  }

  async function checkQueue(ctx: TenantContext, queueId: number | null | undefined) {
    if (queueId && !(await repo.findQueueRef(db, ctx, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
  }

  return { otherOpenTicket, log, sendAutomatic, templateVars, checkQueue };
}

export type TicketEffects = ReturnType<typeof createTicketEffects>;
