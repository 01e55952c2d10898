/**
 * The conversation automation (issue 10): a state machine per ticket, driven by the customer's messages (ingest
 * hands each stored one over) and by timers (pg-boss). State lives on the ticket itself: status (pending, lgpd,
 * nps), isBot (the bot is talking), queueId + chatbotOptionId (where in the menus), amountUsedBotQueues (how many
 * times in a row the current menu was sent), amountUsedBotQueuesNPS (invalid rating answers), isOutOfHour (the
 * out-of-hours message of this window was sent). See docs/automation.md for the diagram.
 *
 * Each inbound message is decided in one transaction holding the ticket's row lock: two messages of one ticket
 * are decided one after the other, so one question never gets two menus. The bot's messages are stored in that
 * transaction through the outbound pipeline's own insert (ack 0, user_id NULL, dataJson.automatic = kind) and
 * sent after commit by the `messages.send` job, exactly like an attendant's.
 */
import { CUSTOMER_WINDOW_MS } from '@atendo/shared';
import type { Db } from '../../db/open';
import type { MessageReceived } from '../../domain-events';
import type { CoreDeps } from '../../platform/deps';
import type { Log } from '../../platform/logger';
import { insertFileListMessages } from '../files/files.public';
import { lastCustomerMessageAt, type TicketRow } from '../messages/messages.public';
import { createPromptRuntime, registerPromptJobs } from '../prompts/prompts.public';
import { createIntegrationRuntime, integrationTurnJob } from '../queue-integrations/integrations.public';
import type { TicketsService } from '../tickets/tickets.service';
import { createConversationFlow, type FlowTargets } from './automation.flow';
import { decideOverdueJob, sendToDefaultQueueJob } from './automation.jobs';
import * as repo from './automation.repository';
import { AUDIO_REFUSED_TEXT, botAnswerLimit, createStepEffects, type Step, type Timer } from './automation.step';

export { AUDIO_REFUSED_TEXT, botAnswerLimit, LGPD_OPTIONS } from './automation.step';

/** What the decision needs of one customer message (a due row of messages). */
export interface InboundDecision {
  messageId: number;
  body: string;
  mediaType: string;
  /** The message opened its ticket (the greeting and first menu are due). */
  isNewTicket: boolean;
}

/**
 * Other features that may own a customer's message before the bot answers it (wired in src/composition.ts): asked
 * under the ticket's lock, in the drain's transaction. A claimed message gets no bot answer; the claim answers the
 * jobs to wake after commit.
 */
export interface ReplyClaims {
  /** A campaign waiting for this contact's confirmation on this connection takes the reply (issue 31 item 2). */
  confirmation?: {
    /** Read with the ticket's lock, at no extra statement: may a claim exist? Only then is `claim` asked. */
    awaited: repo.TicketCondition;
    claim(
      tx: Db,
      p: { companyId: number; contactId: number; whatsappId: number; messageId: number },
    ): Promise<Omit<Timer, 'startAfterSeconds'>[]>;
  };
}

export interface AutomationOptions {
  /** The clock of every time rule (tests inject one instead of sleeping). */
  now?: () => Date;
  logger?: Log;
  /** The connections' setup held between decisions (composition.ts drops it on `setup.changed`); none: read each time. */
  setup?: repo.SceneSetupCache;
  replies?: ReplyClaims;
}

export function createAutomationService(deps: CoreDeps, tickets: TicketsService, opts: AutomationOptions = {}) {
  const { db } = deps.database;
  let clock = opts.now ?? (() => new Date());
  const fx = createStepEffects(deps, tickets, () => clock(), opts.setup, opts.replies?.confirmation?.awaited);
  const { maxBot, move, logStep, say, withTicket } = fx;
  const targets: FlowTargets = {};
  const flow = createConversationFlow(fx, opts.logger, targets);
  const ai = createPromptRuntime(deps, fx, { sendPosition: (s) => flow.sendPosition(s) }, opts.logger);
  targets.enterPrompt = ai.enter;
  const integrations = createIntegrationRuntime(deps, { ...fx, handOver: flow.handOver }, (o, msg) => opts.logger?.warn(o, msg));
  targets.startIntegration = (s, id) => integrations.start(s, id);
  targets.sendFileList = async (s, id) => {
    const ids = id ? await insertFileListMessages(s.tx, deps.media, s.ticket, id) : [];
    for (const messageId of ids) s.sent.push({ messageId });
    return ids.length > 0;
  };
  const { closedNow, queueClosedNow, handOver, sendPosition, start, firstMenu, answerQueueMenu, answerOptions } = flow;
  const { answerConsent, answerRating, audioRefused } = flow;

  // ─── Entry points ─────────────────────────────────────────────────────────

  /** One customer message, decided on the locked ticket (`s`); the ticket may have moved since it was stored. */
  async function decide(s: Step, m: InboundDecision) {
    const t = s.ticket;
    if (t.isGroup) return;
    if (t.whatsappId && s.awaited && opts.replies?.confirmation) {
      // The answer to a campaign's confirmation question is the campaign's: no menu, no greeting, no rating answer.
      const wake = await opts.replies.confirmation.claim(s.tx, {
        companyId: s.companyId,
        contactId: t.contactId,
        whatsappId: t.whatsappId,
        messageId: m.messageId,
      });
      if (wake.length) {
        for (const w of wake) s.timers.push({ ...w, startAfterSeconds: 0 });
        return;
      }
    }
    if (m.mediaType === 'audio' && audioRefused(s)) {
      await say(s, AUDIO_REFUSED_TEXT, 'audio');
      return;
    }
    if (t.status === 'nps') return answerRating(s);
    if (t.status === 'lgpd') {
      if (await answerConsent(s)) return start(s);
      return;
    }
    if (t.status !== 'pending' || t.userId) return; // an attendant has it
    if (t.promptId && t.isBot) return ai.onCustomerMessage(s);
    if (t.isBot && t.useIntegration && t.integrationId) return integrations.turn(s, m);
    if (m.isNewTicket) return start(s);
    if (!t.isBot) {
      // Waiting for an attendant: only the hours (once per window).
      if (await closedNow(s)) return;
      const q = t.queueId ? s.scene.queues.find((x) => x.id === t.queueId) : null;
      if (q) await queueClosedNow(s, q);
      return;
    }
    if (await closedNow(s)) return;
    if (t.amountUsedBotQueues === 0) return firstMenu(s); // created out of hours: the menu was never shown
    // Written before the last menu was stored ('Oi', 'bom dia' in a row): not an answer to it.
    if (await repo.writtenBeforeLastMenu(s.tx, { companyId: s.companyId }, t.id, m.messageId)) return;
    if (await botTimeIsUp(s)) return handOver(s);
    const limit = botAnswerLimit(maxBot(s));
    if ((await repo.customerMessageCount(s.tx, { companyId: s.companyId }, t.id)) > limit) return handOver(s);
    if (!t.queueId) return answerQueueMenu(s);
    return answerOptions(s);
  }

  /** Connection timeUseBotQueues (minutes, 0 = no limit): the bot lets go of a ticket it has held that long. */
  async function botTimeIsUp(s: Step): Promise<boolean> {
    const minutes = s.scene.connection?.timeUseBotQueues ?? 0;
    if (minutes <= 0) return false;
    const since = await repo.botStartedAt(s.tx, { companyId: s.companyId }, s.ticket.id);
    return since !== null && s.now.getTime() - since.getTime() >= minutes * 60_000;
  }

  /** The highest message id each ticket's drain has taken: a later reaction to an older message has nothing to do. */
  const drainedUpTo = new Map<number, number>();

  /**
   * Decides every due message of a ticket, oldest first, in one transaction holding the ticket's lock — in whichever
   * process gets there first; the others find nothing due. Answers how many messages it decided.
   */
  async function drain(companyId: number, ticketId: number): Promise<number> {
    let due: repo.DueInbound[] = [];
    await withTicket(
      companyId,
      ticketId,
      '',
      async (s) => {
        for (const m of due) {
          s.body = m.body;
          await decide(s, { messageId: m.id, body: m.body, mediaType: m.mediaType, isNewTicket: m.openedTicket });
        }
      },
      async (tx) => {
        due = await repo.takeDueInbound(tx, { companyId }, ticketId);
        return due.length > 0;
      },
    );
    const last = due.at(-1)?.id;
    if (last) {
      if (drainedUpTo.size > 10_000) drainedUpTo.clear();
      drainedUpTo.set(ticketId, Math.max(last, drainedUpTo.get(ticketId) ?? 0));
    }
    return due.length;
  }

  /**
   * The reaction to a stored message (subscribed in src/composition.ts, one at a time per ticket): only a message that
   * ingest marked due costs a transaction — a message into a ticket an attendant holds is not even read again.
   */
  async function onReceived(e: MessageReceived) {
    if (!e.message.automation) return;
    if ((drainedUpTo.get(e.ticket.id) ?? 0) >= e.message.id) return; // an earlier drain took it with its own
    await drain(e.companyId, e.ticket.id);
  }

  /** Messages left due by a process that died between storing and deciding them (every minute, and at start). */
  async function drainOverdue(olderThanSeconds = 30): Promise<number> {
    let decided = 0;
    for (const { companyId, ticketId } of await repo.ticketsWithDueInbound(db, olderThanSeconds)) {
      try {
        decided += await drain(companyId, ticketId);
      } catch (err) {
        opts.logger?.error({ err, ticketId }, 'deciding an overdue message failed');
      }
    }
    return decided;
  }

  /**
   * The close transition asks first: with ratings on, the ticket waits in `nps` for a 0–10 answer — only where the
   * customer wrote (a ticket that only carried the business's messages has no attendance to rate).
   */
  async function ratingInsteadOfClose(companyId: number, ticket: TicketRow): Promise<TicketRow | null> {
    if (ticket.isGroup || ticket.status !== 'open') return null;
    let asked = false;
    const result = await withTicket(companyId, ticket.id, '', async (s) => {
      const conn = s.scene.connection;
      if (s.ticket.status !== 'open' || s.scene.settings.userRating !== 'enabled' || !conn?.ratingMessage.trim()) return;
      // Nothing to rate where the customer never wrote: a campaign's or a schedule's ticket only carried our message.
      if (!(await repo.customerWrote(s.tx, { companyId }, s.ticket.id))) return;
      // Cloud API, the customer silent for 24 hours (a long idle close): Meta would refuse the free-text question
      // (131047), so the ticket closes without it and its log says why (decision 99).
      if (conn.channel === 'whatsappapi' && s.ticket.whatsappId) {
        const last = await lastCustomerMessageAt(s.tx, { companyId }, s.ticket.contactId, s.ticket.whatsappId);
        if (!last || s.now.getTime() - last.getTime() >= CUSTOMER_WINDOW_MS) {
          await logStep(s, 'ratingSkipped');
          return;
        }
      }
      await say(s, conn.ratingMessage, 'rating');
      await move(s, { status: 'nps', amountUsedBotQueuesNPS: 0, isBot: true, unreadMessages: 0 });
      await logStep(s, 'chatBot');
      asked = true;
    });
    return asked ? result : null;
  }

  /** Timer: a ticket that never chose a queue goes to the connection's sendIdQueue. */
  async function sendToDefaultQueue(companyId: number, ticketId: number) {
    await withTicket(companyId, ticketId, '', async (s) => {
      const conn = s.scene.connection;
      const t = s.ticket;
      if (!conn?.sendIdQueue || t.status !== 'pending' || t.userId || t.queueId) return;
      const q = await repo.findQueue(s.tx, { companyId }, conn.sendIdQueue);
      if (!q) return;
      await move(s, { queueId: q.id, isBot: false, chatbotOptionId: null });
      await logStep(s, 'redirect', { queueId: q.id });
      await sendPosition(s);
    });
  }

  const service = {
    onReceived,
    drain,
    drainOverdue,
    /** The AI prompts' runtime (modules/prompts): its job is registered with the automation's. */
    ai,
    ratingInsteadOfClose,
    /** The integrations runtime's job handler (integrations.turn). */
    integrationTurn: integrations.runTurn,
    sendToDefaultQueue,
    /** Tests: the clock of every time rule. */
    useClock(now: () => Date) {
      clock = now;
    },
  };
  return service;
}

export type AutomationService = ReturnType<typeof createAutomationService>;

/** Once a process's workers run: what a dead process left undecided is decided now, not at the next minute. */
export async function decideOverdueNow(deps: CoreDeps) {
  await deps.jobs.send(decideOverdueJob, { olderThanSeconds: 0 });
}

export function registerAutomationJobs(deps: CoreDeps, automation: AutomationService) {
  registerPromptJobs(deps, automation.ai);
  deps.jobs.register(
    decideOverdueJob,
    async ({ olderThanSeconds }) => {
      await automation.drainOverdue(olderThanSeconds);
    },
    { cron: '* * * * *' },
  );
  // Typebot, n8n and Dialogflow answer over the network: four turns at once (each re-checked under its ticket's lock).
  deps.jobs.register(integrationTurnJob, (p) => automation.integrationTurn(p), { concurrency: 4 });
  deps.jobs.register(sendToDefaultQueueJob, async ({ companyId, ticketId }) => {
    await automation.sendToDefaultQueue(companyId, ticketId);
  });
}
