/**
 * The queues' SLA policies (issue 33 item 2; docs/automation.md "SLA"; decision 105): a queue may set minutes to the
 * first reply, to each next reply and to the close, counted in every minute or only in business hours (the queue's,
 * else the company's). A ticket carries its due times; the rules are the pure functions of automation.rules.ts.
 *
 * Driven only by domain events, after they were published (subscribed in src/composition.ts), one ticket's reactions
 * one after the other: `ticket.queued`, `ticket.created`, `ticket.transferred` and `ticket.reopened` apply the queue's
 * policy to a ticket that has none; `message.received` (the customer wrote) and `message.sent` (an attendant replied)
 * move the clocks; `ticket.closed` settles them — and the minute sweep marks what went past its due. A customer's
 * message into a ticket without an SLA costs no statement.
 */
import type { DomainEventMap } from '../../domain-events';
import type { Tenant } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { rooms } from '../../platform/realtime-port';
import type { TicketsService } from '../tickets/tickets.service';
import { slaSweepJob } from './automation.jobs';
import { insertLog } from './automation.repository';
import {
  type SlaPolicy,
  type SlaState,
  type SlaTarget,
  slaClosed,
  slaCustomerWrote,
  slaMissed,
  slaReplied,
  slaStart,
} from './automation.rules';
import * as repo from './automation.sla.repository';

/** Most tickets one sweep marks (the next minute takes the rest). */
const BATCH = 500;

export function createSlaService(deps: CoreDeps, tickets: TicketsService, opts: { now?: () => Date } = {}) {
  const { db } = deps.database;
  let clock = opts.now ?? (() => new Date());

  /** Stores what a rule moved; a breach is recorded once, logged, and heard by the attendant and the admins. */
  async function apply(tenant: Tenant, ticket: repo.SlaTicket, patch: Partial<SlaState>) {
    const { slaBreach, slaBreachedAt, ...times } = patch;
    if (Object.keys(times).length) await repo.saveSlaTimes(db, tenant, ticket.id, times);
    const breached =
      slaBreach && slaBreachedAt ? await repo.markSlaBreach(db, tenant, ticket.id, slaBreach, slaBreachedAt) : null;
    if (breached) await insertLog(db, tenant, { ticketId: ticket.id, type: 'slaBreached', queueId: breached.queueId });
    if (!Object.keys(times).length && !breached) return;
    const [item] = await tickets.publishTickets(tenant, [{ id: ticket.id }]);
    if (!breached || !item) return;
    const to = [rooms.admins(), ...(item.userId ? [rooms.user(item.userId)] : [])];
    deps.realtime.publish(
      tenant.companyId,
      'ticketSlaBreached',
      { ticketId: item.id, uuid: item.uuid, contactName: item.contact?.name ?? '', breach: slaBreach as SlaTarget },
      to,
    );
  }

  /** The queue's policy applies to a live ticket that has none yet (or, `restart`, anew: it was reopened). */
  async function start(companyId: number, ticketId: number, queueId: number | null, o: { restart?: boolean } = {}) {
    if (!queueId) return;
    const tenant = { companyId };
    const policy = await repo.findSlaPolicy(db, tenant, queueId);
    if (!policy) return;
    const ticket = await repo.findSlaTicket(db, tenant, ticketId);
    // A group's conversation is many people talking, not a customer waiting: no SLA (as the satisfaction report).
    if (!ticket || ticket.isGroup || ticket.status === 'closed' || (ticket.slaStartedAt && !o.restart)) return;
    await apply(tenant, ticket, slaStart(policy, clock()));
  }

  /** A rule on a ticket already under a policy (a reply, a close, the customer's message). */
  async function move(
    companyId: number,
    ticketId: number,
    rule: (
      t: repo.SlaTicket,
      now: Date,
      policy: () => Promise<SlaPolicy | null>,
    ) => Promise<Partial<SlaState>> | Partial<SlaState>,
  ) {
    const tenant = { companyId };
    const ticket = await repo.findSlaTicket(db, tenant, ticketId);
    if (!ticket?.slaStartedAt) return;
    const policy = () => (ticket.queueId ? repo.findSlaPolicy(db, tenant, ticket.queueId) : Promise.resolve(null));
    await apply(tenant, ticket, await rule(ticket, clock(), policy));
  }

  /** Every live ticket past a due time is marked missed (of one company, or all: the minute sweep). Answers how many. */
  async function sweep(tenant?: Tenant): Promise<number> {
    const now = clock();
    let marked = 0;
    for (const t of await repo.overdueSlaTickets(db, tenant, now, BATCH)) {
      const missed = slaMissed(t, now);
      if (!missed) continue;
      await apply({ companyId: t.companyId }, t, { slaBreach: missed, slaBreachedAt: now });
      marked++;
    }
    return marked;
  }

  return {
    sweep,
    /** `ticket.queued`: the bot left the ticket waiting in its queue. */
    async onQueued(e: DomainEventMap['ticket.queued']) {
      await start(e.companyId, e.ticketId, e.queueId);
    },
    /** `ticket.created` straight into a queue (an attendant, the API, a single-queue connection). */
    async onCreated(e: DomainEventMap['ticket.created']) {
      if (e.ticket.queueId && !e.ticket.slaStartedAt) await start(e.companyId, e.ticket.id, e.ticket.queueId);
    },
    /** `ticket.transferred`: into a queue with a policy, when the ticket had none (a policy applied stays). */
    async onTransferred(e: DomainEventMap['ticket.transferred']) {
      if (e.ticket.queueId && !e.ticket.slaStartedAt) await start(e.companyId, e.ticket.id, e.ticket.queueId);
    },
    /** `ticket.reopened`: a new round of the same targets (a breach recorded stays). */
    async onReopened(e: DomainEventMap['ticket.reopened']) {
      await start(e.companyId, e.ticket.id, e.ticket.queueId, { restart: true });
    },
    /**
     * `message.received`: the customer wrote to a ticket waiting on them. Any other message costs no statement (the
     * inbound message's budget); one that opened its ticket comes with `ticket.created` or `ticket.reopened`.
     */
    async onReceived(e: DomainEventMap['message.received']) {
      if (e.message.fromMe || !e.ticket.slaStartedAt || !e.ticket.slaPausedAt) return;
      await move(e.companyId, e.ticket.id, async (t, now, policy) => {
        const p = await policy();
        return p ? slaCustomerWrote(p, t, now) : { slaPausedAt: null };
      });
    },
    /** `message.sent` by an attendant (not the product's own texts): the reply due is met, the ticket waits on the customer. */
    async onSent(e: DomainEventMap['message.sent']) {
      if (!e.userId || e.automatic) return;
      await move(e.companyId, e.ticketId, (t, now) => slaReplied(t, now));
    },
    /** `ticket.closed`: what was due is settled. */
    async onClosed(e: DomainEventMap['ticket.closed']) {
      await move(e.companyId, e.ticket.id, (t, now) => slaClosed(t, now));
    },
    /** Tests: the clock of the due times. */
    useClock(now: () => Date) {
      clock = now;
    },
  };
}

export type SlaService = ReturnType<typeof createSlaService>;

export function registerSlaJobs(deps: CoreDeps, sla: SlaService) {
  deps.jobs.register(
    slaSweepJob,
    async () => {
      await sla.sweep();
    },
    { cron: '* * * * *' },
  );
}
