/**
 * Lanes that move by themselves (seed 002 §3 "Tag" lane fields; docs/automation.md "Kanban lanes"):
 * - entering a lane sends its greetingMessageLane (placeholders filled) to the customer;
 * - after timeLane hours in a lane without a customer answer the ticket moves to nextLaneId;
 * - a customer answer while in a lane with rollbackLaneId moves it back there.
 * A sweep (every minute) finds the stays due; each is claimed by compare-and-set on the stay itself
 * (kanban.repository claimStay), so two workers never move — or greet — a ticket twice.
 */
import { formatTemplate } from '@atendo/shared';
import type { Tenant } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { insertAutomaticMessage, sendMessageJob, toMessageDto } from '../messages/messages.public';
import { createTicketAudience, insertTicketLog } from '../tickets/tickets.public';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './kanban.repository';

const SWEEP_BATCH = 200;

export function createKanbanLanes(deps: CoreDeps, tickets: TicketsService) {
  const { db } = deps.database;
  const audience = createTicketAudience(db);

  /** The lane's greeting to the customer, stored and sent like the automation's texts (user none, automatic 'lane'). */
  async function greet(ctx: Tenant, ticketId: number, laneId: number, now: Date) {
    const lane = await repo.findLane(db, ctx, laneId);
    if (!lane?.greeting.trim()) return;
    const t = await repo.greetingScene(db, ctx, ticketId);
    if (!t?.whatsapp_id || t.is_group) return;
    const body = formatTemplate(lane.greeting, {
      contactName: t.contact_name,
      userName: t.user_name,
      queueName: t.queue_name,
      connectionName: t.connection_name,
      ticketId,
      timezone: t.timezone,
      now,
    }).trim();
    if (!body) return;
    const message = await insertAutomaticMessage(db, ctx, {
      ticketId,
      whatsappId: Number(t.whatsapp_id),
      queueId: t.queue_id === null ? null : Number(t.queue_id),
      origin: { automatic: 'lane' },
      body,
    });
    await deps.jobs.send(sendMessageJob, { messageId: message.id, companyId: ctx.companyId, attempt: 1 });
    const to = await audience.roomsOf(ctx, {
      id: ticketId,
      queueId: t.queue_id === null ? null : Number(t.queue_id),
      userId: t.user_id === null ? null : Number(t.user_id),
      isGroup: t.is_group,
    });
    deps.realtime.publish(ctx.companyId, 'appMessage', { action: 'create', message: toMessageDto(message, deps.mediaUrl) }, to);
  }

  /** One claimed move: leave the stay, enter the target lane, greet, log, publish. */
  async function carry(stay: repo.LaneStay, kind: 'laneMoved' | 'laneRollback', now: Date) {
    if (!(await repo.claimStay(db, stay))) return false;
    const ctx = { companyId: stay.companyId };
    const entered = await repo.enterLane(db, ctx, stay.ticketId, stay.targetLaneId, now);
    await insertTicketLog(db, ctx, { ticketId: stay.ticketId, type: kind, userId: null, queueId: null });
    if (entered) await greet(ctx, stay.ticketId, stay.targetLaneId, now);
    await tickets.publishTicket(ctx, stay.ticketId);
    return true;
  }

  return {
    /** A ticket entered a lane by hand (the board, the drawer): its greeting goes out. */
    entered: (ctx: Tenant, ticketId: number, laneId: number) => greet(ctx, ticketId, laneId, new Date()),

    /** The sweep: rollbacks first (the customer answered), then timeouts. Answers how many tickets moved. */
    async sweep(now = new Date()): Promise<number> {
      let moved = 0;
      for (const stay of await repo.dueRollbacks(db, SWEEP_BATCH)) if (await carry(stay, 'laneRollback', now)) moved += 1;
      for (const stay of await repo.dueTimeouts(db, now, SWEEP_BATCH)) if (await carry(stay, 'laneMoved', now)) moved += 1;
      return moved;
    },
  };
}

export type KanbanLanes = ReturnType<typeof createKanbanLanes>;
