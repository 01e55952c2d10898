/**
 * The transitions of a ticket (seed 000 §4): which one a PUT /tickets/:id asks for given the ticket's state, and each
 * one — accept, return to queue, resolve (or ask for a rating), ignore, reopen, transfer.
 */
import { type CompanySettings, can, type UpdateTicketBody, V } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { closeTicket } from './tickets.close';
import { LIVE, type TicketEffects } from './tickets.effects';
import * as repo from './tickets.repository';
import { formatTemplate } from './tickets.templates';

export const asksToTake = (b: UpdateTicketBody) => (b.status === 'open' || b.status === 'group') && !b.isTransfered;

/**
 * What the close transition asks before closing, answered by the automation (wired in src/composition.ts): with
 * ratings on, the ticket moves to `nps` to wait for the customer's 0–10 answer instead (null: close as usual).
 */
export interface ClosePolicy {
  ratingInsteadOfClose?(companyId: number, ticket: repo.TicketRow): Promise<repo.TicketRow | null>;
}

export function createTicketTransitions(deps: CoreDeps, fx: TicketEffects, policy: ClosePolicy = {}) {
  const { db } = deps.database;
  const { otherOpenTicket, log, sendAutomatic, templateVars, checkQueue } = fx;

  async function accept(ctx: TenantContext, t: repo.TicketRow, b: UpdateTicketBody, s: CompanySettings) {
    const queueId = b.queueId ?? t.queueId;
    if (!queueId) throw fieldError('queueId', V.selectQueue);
    await checkQueue(ctx, queueId);
    const status = t.isGroup ? 'group' : 'open';
    const updated = await repo.updateTicket(
      db,
      ctx,
      t.id,
      { status, userId: ctx.user.id, queueId, unreadMessages: 0 },
      t.status === 'pending' ? { fromStatuses: ['pending'] } : { fromStatuses: [t.status], expectUserId: null },
    );
    if (!updated) {
      // Someone else moved it first: tell who holds it now.
      const now = await repo.findTicket(db, ctx, t.id);
      if (now && LIVE.includes(now.status) && now.userId && now.userId !== ctx.user.id) return otherOpenTicket(ctx, now);
      if (now && now.userId === ctx.user.id && LIVE.includes(now.status)) return now;
      throw new AppError('ERR_TICKET_STATE', 409);
    }
    await log(ctx, t.id, 'open', ctx.user.id, queueId);
    const { vars, whatsapp } = await templateVars(ctx, updated, ctx.user.id);
    const groupWithoutTickets = t.isGroup && whatsapp?.groupAsTicket !== 'enabled';
    if (t.status === 'pending' && s.sendGreetingAccepted === 'enabled' && !groupWithoutTickets) {
      await sendAutomatic(ctx, t.id, formatTemplate(s.greetingAcceptedMessage, vars));
    }
    return updated;
  }

  async function returnToQueue(ctx: TenantContext, t: repo.TicketRow) {
    const updated = await repo.updateTicket(
      db,
      ctx,
      t.id,
      { status: 'pending', userId: null },
      { fromStatuses: ['open', 'group'] },
    );
    if (!updated) throw new AppError('ERR_TICKET_STATE', 409);
    await log(ctx, t.id, 'pending', ctx.user.id, t.queueId);
    return updated;
  }

  async function resolve(ctx: TenantContext, t: repo.TicketRow, b: UpdateTicketBody, s: CompanySettings) {
    if (!LIVE.includes(t.status)) throw new AppError('ERR_TICKET_STATE', 409);
    if (s.requiredTag === 'enabled' && !(await repo.hasAnyTag(db, ctx, t.id, t.contactId))) {
      throw new AppError('ERR_TICKET_REQUIRES_TAG', 409);
    }
    // Ratings on: the ticket waits in nps for the customer's 0–10 answer instead of closing (modules/automation),
    // unless the attendant's closing form chose to close without it (askRating false).
    const rating = b.askRating === false ? null : ((await policy.ratingInsteadOfClose?.(ctx.companyId, t)) ?? null);
    if (rating) return rating;
    if (b.sendFarewellMessage !== false && !t.isGroup) {
      // Sent before closing: a closed ticket takes no message. The attendant's own farewell wins over the connection's.
      const { vars, whatsapp, user } = await templateVars(ctx, t, ctx.user.id);
      const farewell = user?.farewellMessage?.trim() ? user.farewellMessage : (whatsapp?.complationMessage ?? '');
      await sendAutomatic(ctx, t.id, formatTemplate(farewell, vars));
    }
    const updated = await closeTicket(db, ctx, t.id, {
      fromStatuses: LIVE,
      by: ctx.user.id,
      also: { userId: t.userId ?? ctx.user.id, amountUsedBotQueues: b.amountUsedBotQueues ?? 0 },
    });
    if (!updated) throw new AppError('ERR_TICKET_STATE', 409);
    return updated;
  }

  async function ignore(ctx: TenantContext, t: repo.TicketRow, s: CompanySettings) {
    if (!can(ctx.user, 'tickets:closePending')) throw new AppError('ERR_NO_PERMISSION', 403);
    // sendFarewellWaitingTicket (seed 001 §3): a ticket closed while still waiting says the connection's goodbye.
    // The company's setting decides, not the body: the seeds' client always closes a waiting ticket with
    // sendFarewellMessage false. Never in a group, never to a contact still asked for LGPD consent.
    if (t.status === 'pending' && !t.isGroup && s.sendFarewellWaitingTicket === 'enabled') {
      const { vars, whatsapp } = await templateVars(ctx, t, null);
      await sendAutomatic(ctx, t.id, formatTemplate(whatsapp?.complationMessage ?? '', vars));
    }
    const updated = await closeTicket(db, ctx, t.id, { fromStatuses: ['pending', 'lgpd'], by: ctx.user.id });
    if (!updated) throw new AppError('ERR_TICKET_STATE', 409);
    return updated;
  }

  async function reopen(ctx: TenantContext, t: repo.TicketRow, b: UpdateTicketBody) {
    const toPending = b.status === 'pending';
    const queueId = b.queueId !== undefined ? b.queueId : t.queueId;
    if (!queueId && !toPending) throw fieldError('queueId', V.selectQueue);
    await checkQueue(ctx, queueId);
    const status = toPending ? 'pending' : t.isGroup ? 'group' : 'open';
    let updated: repo.TicketRow | null;
    try {
      updated = await repo.updateTicket(
        db,
        ctx,
        t.id,
        { status, userId: toPending ? null : ctx.user.id, queueId, closedAt: null, unreadMessages: 0 },
        { fromStatuses: ['closed'] },
      );
    } catch (err) {
      if (!isUniqueViolation(err, 'tickets_contact_whatsapp_live_unique')) throw err;
      const live = await repo.findLiveTicket(db, ctx, t.contactId, t.whatsappId);
      if (live) return otherOpenTicket(ctx, live);
      throw new AppError('ERR_TICKET_STATE', 409);
    }
    if (!updated) throw new AppError('ERR_TICKET_STATE', 409);
    await log(ctx, t.id, 'reopen', ctx.user.id, queueId);
    return updated;
  }

  async function transfer(ctx: TenantContext, t: repo.TicketRow, b: UpdateTicketBody, s: CompanySettings) {
    if (t.status === 'closed') throw new AppError('ERR_TICKET_STATE', 409);
    const userId = b.userId ?? null;
    const queueId = b.queueId !== undefined ? b.queueId : t.queueId;
    const whatsappId = b.whatsappId ?? t.whatsappId;
    if (userId && !(await repo.findUserRef(db, ctx, userId))) throw new AppError('ERR_NO_USER_FOUND', 404);
    await checkQueue(ctx, queueId);
    if (whatsappId !== t.whatsappId && !(await repo.findWhatsapp(db, ctx, whatsappId!)))
      throw new AppError('ERR_NO_WAPP_FOUND', 404);
    const status = userId ? (t.isGroup ? 'group' : 'open') : 'pending';

    let result: repo.TicketRow;
    try {
      if (s.closeTicketOnTransfer === 'true') {
        // The attendance ends here and a new ticket starts in the receiving queue (reports count them apart).
        result = await db.transaction(async (d) => {
          const closed = await closeTicket(d, ctx, t.id, { fromStatuses: [t.status], by: ctx.user.id, logType: 'transfered' });
          if (!closed) throw new AppError('ERR_TICKET_STATE', 409);
          const created = await repo.insertTicket(d, ctx, {
            contactId: t.contactId,
            whatsappId,
            queueId,
            userId,
            status,
            channel: t.channel,
            isGroup: t.isGroup,
            fromMe: t.fromMe,
            lastMessage: t.lastMessage,
          });
          if (!created)
            throw Object.assign(new Error('live ticket exists'), {
              code: '23505',
              constraint: 'tickets_contact_whatsapp_live_unique',
            });
          await repo.insertLog(d, ctx, { ticketId: created.id, type: 'receivedTransfer', userId, queueId });
          return created;
        });
      } else {
        const updated = await repo.updateTicket(
          db,
          ctx,
          t.id,
          { userId, queueId, whatsappId, status },
          { fromStatuses: [t.status] },
        );
        if (!updated) throw new AppError('ERR_TICKET_STATE', 409);
        await log(ctx, t.id, 'transfered', ctx.user.id, t.queueId);
        await log(ctx, t.id, 'receivedTransfer', userId, queueId);
        result = updated;
      }
    } catch (err) {
      if (!isUniqueViolation(err, 'tickets_contact_whatsapp_live_unique')) throw err;
      const live = await repo.findLiveTicket(db, ctx, t.contactId, whatsappId);
      if (live && live.id !== t.id) return otherOpenTicket(ctx, live);
      throw new AppError('ERR_TICKET_STATE', 409);
    }

    if (s.sendMsgTransfTicket === 'enabled' && !t.isGroup) {
      const { vars } = await templateVars(ctx, result, userId);
      await sendAutomatic(ctx, result.id, formatTemplate(s.transferMessage, vars));
    }
    // The note for the receiving attendant stays in the product.
    if (b.msgTransfer?.trim()) await sendAutomatic(ctx, result.id, b.msgTransfer.trim(), { isPrivate: true });
    return result;
  }

  type Transition =
    | 'integration'
    | 'accept'
    | 'taken'
    | 'refused'
    | 'returnToQueue'
    | 'resolve'
    | 'ignore'
    | 'reopen'
    | 'transfer'
    | 'update';

  /** Which transition of §4 a PUT asks for, given the ticket's state. */
  function transitionOf(ctx: TenantContext, t: repo.TicketRow, b: UpdateTicketBody): Transition {
    const takes = asksToTake(b) && (t.status === 'pending' || (LIVE.includes(t.status) && t.userId === null));
    // The queue chosen in the accept dialog is part of the accept, not a transfer.
    const moves =
      (b.queueId !== undefined && b.queueId !== t.queueId && !takes) ||
      (b.whatsappId !== undefined && b.whatsappId !== t.whatsappId);
    if (b.status === undefined && b.useIntegration !== undefined && !moves && b.userId === undefined) return 'integration';
    if (b.status === 'closed') return t.status === 'pending' || t.status === 'lgpd' ? 'ignore' : 'resolve';
    if (t.status === 'closed' && b.status) return 'reopen';
    if (b.isTransfered || moves) return 'transfer';
    if (asksToTake(b)) {
      if (takes) return 'accept';
      if (LIVE.includes(t.status) && t.userId !== ctx.user.id) return 'taken';
      // Waiting for the contact's LGPD consent: nobody takes it until the contact answers (or it is ignored).
      if (t.status === 'lgpd') return 'refused';
      return 'update';
    }
    if ((t.status === 'open' || t.status === 'group') && b.status === 'pending') return 'returnToQueue';
    if (b.userId !== undefined && b.userId !== t.userId) return 'transfer';
    return 'update';
  }

  /** Runs the transition the body asks for; answers the ticket as it is after it (a new one when a transfer closes). */
  async function apply(ctx: TenantContext, t: repo.TicketRow, b: UpdateTicketBody, s: CompanySettings): Promise<repo.TicketRow> {
    let result: repo.TicketRow;
    switch (transitionOf(ctx, t, b)) {
      case 'taken':
        return otherOpenTicket(ctx, t);
      case 'refused':
        throw new AppError('ERR_TICKET_STATE', 409);
      case 'integration': {
        const values = {
          useIntegration: b.useIntegration,
          ...(b.integrationId !== undefined ? { integrationId: b.integrationId } : {}),
        };
        result = (await repo.updateTicket(db, ctx, t.id, values, { touch: false })) ?? t;
        break;
      }
      case 'accept':
        result = await accept(ctx, t, b, s);
        break;
      case 'returnToQueue':
        result = await returnToQueue(ctx, t);
        break;
      case 'resolve':
        result = await resolve(ctx, t, b, s);
        break;
      case 'ignore':
        result = await ignore(ctx, t, s);
        break;
      case 'reopen':
        result = await reopen(ctx, t, b);
        break;
      case 'transfer':
        result = await transfer(ctx, t, b, s);
        break;
      default:
        result =
          b.amountUsedBotQueues !== undefined
            ? ((await repo.updateTicket(db, ctx, t.id, { amountUsedBotQueues: b.amountUsedBotQueues }, { touch: false })) ?? t)
            : t;
    }
    await published(ctx, t, result);
    return result;
  }

  /** The domain event of what the transition did (after it committed: each transition's writes are its own). */
  async function published(ctx: TenantContext, t: repo.TicketRow, result: repo.TicketRow) {
    const companyId = ctx.companyId;
    if (result.id !== t.id) {
      // A transfer to another connection ended this ticket and opened another one.
      await deps.events.publish('ticket.closed', {
        companyId,
        ticket: t,
        why: 'attendant',
        by: ctx.user.id,
      });
      await deps.events.publish('ticket.created', { companyId, ticket: result, by: 'attendant' });
      return;
    }
    if (result.status === t.status && result.userId === t.userId && result.queueId === t.queueId) return;
    if (result.status === 'closed') {
      await deps.events.publish('ticket.closed', { companyId, ticket: result, why: 'attendant', by: ctx.user.id });
    } else if (t.status === 'closed') {
      await deps.events.publish('ticket.reopened', { companyId, ticket: result });
    } else if (result.userId === ctx.user.id && t.userId !== ctx.user.id && result.status !== 'pending') {
      await deps.events.publish('ticket.accepted', { companyId, ticket: result, userId: ctx.user.id });
    } else if (result.queueId !== t.queueId || result.userId !== t.userId) {
      await deps.events.publish('ticket.transferred', {
        companyId,
        ticket: result,
        fromQueueId: t.queueId,
        fromUserId: t.userId,
      });
    }
  }

  return { transitionOf, apply };
}
