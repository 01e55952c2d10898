/**
 * The queues' assignment rule (issue 33 item 1; docs/automation.md "Assignment"): a ticket waiting in a queue whose
 * mode is random, round robin or least busy goes to an online attendant of the queue, within their work hours, with
 * room under their capacity (a group ticket only to a user allowed groups). When nobody has room it waits, and is given
 * as soon as someone has: a ticket of theirs closes or is transferred away, they come online, a minute passes (work
 * hours that start, reactions a dead process lost).
 *
 * Driven only by domain events (subscribed in src/composition.ts): `ticket.queued` (the automation left a ticket
 * waiting), `ticket.closed`, `ticket.transferred`, `ticket.created` (by an attendant or the API, straight into a
 * queue), `user.online`, `setup.changed` (a queue's mode or capacity saved) — and the minute sweep.
 *
 * One decision = one transaction holding the company's assignment lock (decision 100): the open tickets are counted
 * and the ticket given under it, so two messages, two workers or two processes never give one ticket twice nor an
 * attendant more than their capacity.
 */
import type { DomainEventMap } from '../../domain-events';
import type { Tenant } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { rooms } from '../../platform/realtime-port';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './automation.assign.repository';
import { assignWaitingJob, rotateQueuesJob } from './automation.jobs';
import { effectiveAssignmentMode, hasRoom, pickAssignee, withinWorkHours } from './automation.rules';

export interface AssignmentOptions {
  /** The clock of the work hours (tests inject one). */
  now?: () => Date;
  /** The random mode's draw, in [0, 1) (tests inject one). */
  random?: () => number;
}

/** Most tickets one decision gives (a longer line is given by the next reaction or the minute sweep). */
const BATCH = 500;

export function createAssignmentService(deps: CoreDeps, tickets: TicketsService, opts: AssignmentOptions = {}) {
  const { db } = deps.database;
  let clock = opts.now ?? (() => new Date());
  let random = opts.random ?? Math.random;

  /**
   * Gives the queue's waiting tickets, oldest first, while someone eligible has room. Answers the tickets given.
   * `rotation`: the seeds' "Rodízio" (ativarRoteador) of a queue whose own rule is off — the tickets that have waited
   * since before `waitedSince` go to the least busy, under the same lock, capacity, hours and group rules.
   */
  async function assignQueue(
    companyId: number,
    queueId: number,
    rotation?: { waitedSince: Date },
  ): Promise<{ ticketId: number; userId: number }[]> {
    const tenant: Tenant = { companyId };
    const modeOf = (q: repo.AssignmentQueue | null) => {
      const own = q ? effectiveAssignmentMode(q.mode, q.userRandom) : 'off';
      if (!rotation) return own;
      // a queue with its own rule gives its tickets as they arrive: the rotation has nothing to add there
      return own === 'off' ? 'leastBusy' : 'off';
    };
    // A queue without the rule costs one read, no transaction and no lock.
    const ruled = await repo.findAssignmentQueue(db, tenant, queueId);
    if (!ruled || modeOf(ruled) === 'off') return [];
    const given = await db.transaction(async (tx) => {
      await repo.lockCompanyAssignment(tx, tenant);
      const q = await repo.findAssignmentQueue(tx, tenant, queueId);
      const mode = modeOf(q);
      if (!q || mode === 'off') return [];
      const now = clock();
      const people = (await repo.assignmentCandidates(tx, tenant, queueId)).filter(
        (c) => hasRoom(c) && withinWorkHours(c.startWork, c.endWork, now, q.timezone),
      );
      const room = people.reduce((n, c) => n + (c.capacity <= 0 ? BATCH : c.capacity - c.open), 0);
      if (!room) return [];
      // Read no more of the line than can be given (a group only when someone who may take groups has room).
      const groups = people.some((c) => c.allowGroup);
      const waiting = await repo.queueWaiting(tx, tenant, queueId, {
        limit: groups ? BATCH : Math.min(BATCH, room),
        groups,
        waitedSince: rotation?.waitedSince,
      });
      let last = q.lastUserId;
      const plan: { ticketId: number; userId: number; isGroup: boolean }[] = [];
      for (const t of waiting) {
        const pick = pickAssignee(
          mode,
          // A ticket its attendant gave back to the queue goes to someone else, or waits (and can be accepted by hand).
          people.filter((c) => hasRoom(c) && (!t.isGroup || c.allowGroup) && c.id !== t.returnedBy),
          last,
          random,
        );
        if (!pick) continue;
        pick.open++;
        last = pick.id;
        plan.push({ ticketId: t.id, userId: pick.id, isGroup: t.isGroup });
      }
      const taken = new Set((await repo.assignByRule(tx, tenant, plan)).map((g) => g.ticketId));
      if (last !== null && last !== q.lastUserId) await repo.setLastAssigned(tx, tenant, queueId, last);
      return plan.filter((p) => taken.has(p.ticketId));
    });
    // The queue heard them waiting: its audience hears them leave, each assignee hears theirs arrive.
    const items = await tickets.publishTickets(
      tenant,
      given.map((g) => ({ id: g.ticketId, before: { id: g.ticketId, queueId, userId: null, isGroup: g.isGroup } })),
    );
    for (const item of items) {
      if (!item.userId) continue;
      deps.realtime.publish(
        companyId,
        'ticketAssigned',
        { ticketId: item.id, uuid: item.uuid, contactName: item.contact?.name ?? '', queueName: item.queue?.name ?? null },
        [rooms.user(item.userId)],
      );
    }
    return given.map(({ ticketId, userId }) => ({ ticketId, userId }));
  }

  /** Someone may have room now (a ticket of theirs ended, they came online): each of their ruled queues is tried. */
  async function roomFor(companyId: number, userId: number) {
    for (const queueId of await repo.ruledQueuesOfUser(db, { companyId }, userId)) await assignQueue(companyId, queueId);
  }

  /** Every ruled queue with a waiting ticket (of one company, or all: the minute sweep). Answers the tickets given. */
  async function sweep(tenant?: Tenant): Promise<number> {
    let given = 0;
    for (const { companyId, queueId } of await repo.ruledQueuesWithWaiting(db, tenant)) {
      given += (await assignQueue(companyId, queueId)).length;
    }
    return given;
  }

  /** The rotation's minute: each queue with ativarRoteador gives what waited tempoRoteador minutes. */
  async function rotate(now = clock()): Promise<number> {
    let given = 0;
    for (const q of await repo.rotatingQueues(db)) {
      const waitedSince = new Date(now.getTime() - q.tempoRoteador * 60_000);
      given += (await assignQueue(q.companyId, q.id, { waitedSince })).length;
    }
    return given;
  }

  const waitingIn = (t: DomainEventMap['ticket.created']['ticket']) =>
    t.status === 'pending' && !t.userId && !t.isBot && t.queueId ? t.queueId : null;

  return {
    assignQueue,
    sweep,
    rotate,
    /** `ticket.queued`: the automation left a ticket waiting in its queue. */
    async onQueued(e: DomainEventMap['ticket.queued']) {
      await assignQueue(e.companyId, e.queueId);
    },
    /** `ticket.closed`: its attendant has room for one more. */
    async onClosed(e: DomainEventMap['ticket.closed']) {
      if (e.ticket.userId) await roomFor(e.companyId, e.ticket.userId);
    },
    /** `ticket.transferred`: the previous attendant has room; a ticket sent to a queue without an attendant waits there. */
    async onTransferred(e: DomainEventMap['ticket.transferred']) {
      const queueId = waitingIn(e.ticket);
      if (queueId) await assignQueue(e.companyId, queueId);
      if (e.fromUserId && e.fromUserId !== e.ticket.userId) await roomFor(e.companyId, e.fromUserId);
    },
    /**
     * `ticket.created` straight into a queue: by an attendant or the API, or a customer's group (the bot never talks in
     * a group; a customer's own ticket reaches its queue through the bot, `ticket.queued`).
     */
    async onCreated(e: DomainEventMap['ticket.created']) {
      const queueId = e.by === 'customer' && !e.ticket.isGroup ? null : waitingIn(e.ticket);
      if (queueId) await assignQueue(e.companyId, queueId);
    },
    /** `user.online`: their first socket came. */
    async onUserOnline(e: DomainEventMap['user.online']) {
      await roomFor(e.companyId, e.userId);
    },
    /** `setup.changed`: a queue's mode or capacity may have been saved. */
    async onSetupChanged(e: DomainEventMap['setup.changed']) {
      if (!e.connectionId) await sweep({ companyId: e.companyId });
    },
    /** Tests: the clock of the work hours. */
    useClock(now: () => Date) {
      clock = now;
    },
    /** Tests: the random mode's draw. */
    useRandom(draw: () => number) {
      random = draw;
    },
  };
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;

export function registerAssignmentJobs(deps: CoreDeps, assignment: AssignmentService) {
  deps.jobs.register(
    assignWaitingJob,
    async () => {
      await assignment.sweep();
    },
    { cron: '* * * * *' },
  );
  deps.jobs.register(
    rotateQueuesJob,
    async () => {
      await assignment.rotate();
    },
    { cron: '* * * * *' },
  );
}
