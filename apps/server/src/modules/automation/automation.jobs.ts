import { z } from 'zod';
import { defineJob } from '../../platform/jobs';

const TicketRef = z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() });

/** timeSendQueue minutes after the queue menu: a ticket still without a queue goes to the connection's sendIdQueue. */
export const sendToDefaultQueueJob = defineJob({
  name: 'automation.sendToDefaultQueue',
  schema: TicketRef,
  queue: { retryLimit: 3, retryDelay: 30, expireInSeconds: 120 },
});

/** Every minute: waiting tickets of queues with rotation on (ativarRoteador) go round-robin to online users. */
export const rotateQueuesJob = defineJob({
  name: 'automation.rotateQueues',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});

/**
 * Every minute (and once when a process starts, with no age): customer messages stored but never decided — their
 * process died in between — are decided now. Deciding twice cannot happen (the drain takes them under the ticket's lock).
 */
export const decideOverdueJob = defineJob({
  name: 'automation.decideOverdue',
  schema: z.object({ olderThanSeconds: z.number().int().min(0).optional() }),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});

/**
 * Every minute: the assignment rule's sweep (docs/automation.md "Assignment") — a waiting ticket whose attendants had no
 * room, or were out of their work hours, is given as soon as the hours start; a reaction a dead process lost is made up.
 */
export const assignWaitingJob = defineJob({
  name: 'automation.assignWaiting',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});

/**
 * Every minute: a live ticket past a due time of its queue's SLA policy is marked missed, logged, and its attendant
 * and the admins hear it (docs/automation.md "SLA").
 */
export const slaSweepJob = defineJob({
  name: 'automation.slaSweep',
  schema: z.object({}),
  queue: { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' },
});
