/**
 * The conversation rules of the automation (docs/automation.md): business hours and vacation, the queue menu and
 * chatbot options, consent (LGPD), ratings — each a function of one `Step`, using the effects of automation.step.ts.
 */
import type { Log } from '../../platform/logger';
import { sendToDefaultQueueJob } from './automation.jobs';
import * as repo from './automation.repository';
import { isOnVacation, isWithinSchedule, matchChoice, parseConsent, parseNpsScore, renderMenu } from './automation.rules';
import { DEFAULT_MAX_BOT, type Kind, LGPD_OPTIONS, type Step, type StepEffects } from './automation.step';

/**
 * What other modules plug into the flow: an AI prompt to hand the ticket to, a queue integration to start, a file
 * list to send (each answers true when it did).
 */
export interface FlowTargets {
  enterPrompt?(s: Step, promptId: number, o: { queueId?: number; prefix?: string }): Promise<boolean>;
  startIntegration?: (s: Step, integrationId: number | null) => Promise<boolean>;
  sendFileList?: (s: Step, fileListId: number | null) => Promise<boolean>;
}

export function createConversationFlow(fx: StepEffects, log?: Log, targets: FlowTargets = {}) {
  const hooks = targets;
  const { maxBot, move, logStep, say, sayGreetingMedia, later, closeByBot } = fx;

  // ─── Business hours and vacation ──────────────────────────────────────────

  /** Sends `text` once per out-of-hours window (isOutOfHour), not on every message. */
  async function onceInWindow(s: Step, text: string, kind: Kind) {
    if (s.ticket.isOutOfHour) return;
    await say(s, text, kind);
    await move(s, { isOutOfHour: true });
    await logStep(s, 'chatBot');
  }

  async function backInHours(s: Step) {
    if (s.ticket.isOutOfHour) await move(s, { isOutOfHour: false });
  }

  /**
   * The connection's collective vacation, then the company or connection schedule (scheduleType): true when
   * the ticket must wait (the message of the window was sent). Hours without a configured message do not stop the bot.
   */
  async function closedNow(s: Step): Promise<boolean> {
    const conn = s.scene.connection;
    const tz = s.scene.company.timezone;
    if (
      conn?.collectiveVacationMessage.trim() &&
      isOnVacation(conn.collectiveVacationStart, conn.collectiveVacationEnd, s.now, tz)
    ) {
      await onceInWindow(s, conn.collectiveVacationMessage, 'vacation');
      return true;
    }
    const type = s.scene.settings.scheduleType;
    const rows = type === 'company' ? s.scene.company.schedules : type === 'connection' ? conn?.schedules : null;
    const text = conn?.outOfHoursMessage ?? '';
    if (!rows || !text.trim() || isWithinSchedule(rows, s.now, tz)) {
      if (type === 'company' || type === 'connection') await backInHours(s);
      return false;
    }
    await onceInWindow(s, text, 'outOfHours');
    return true;
  }

  /** scheduleType queue: the queue's own hours and message. */
  async function queueClosedNow(s: Step, q: repo.QueueRow): Promise<boolean> {
    if (s.scene.settings.scheduleType !== 'queue') return false;
    if (!q.outOfHoursMessage.trim() || isWithinSchedule(q.schedules, s.now, s.scene.company.timezone)) {
      await backInHours(s);
      return false;
    }
    await onceInWindow(s, q.outOfHoursMessage, 'outOfHours');
    return true;
  }

  // ─── Menus ────────────────────────────────────────────────────────────────

  async function showQueueMenu(s: Step, repeat: boolean, prefix = '') {
    const conn = s.scene.connection;
    const amount = repeat ? s.ticket.amountUsedBotQueues + 1 : 1;
    await move(s, { isBot: true, queueId: null, chatbotOptionId: null, amountUsedBotQueues: amount });
    const text = renderMenu(
      conn?.greetingMessage ?? '',
      s.scene.queues.map((q) => q.name),
    );
    await say(s, [prefix, text].filter(Boolean).join('\n\n'), 'menu');
    await logStep(s, 'chatBot', { queueId: null });
    if (!repeat && conn?.sendIdQueue && conn.timeSendQueue > 0) {
      later(s, sendToDefaultQueueJob, { companyId: s.companyId, ticketId: s.ticket.id }, conn.timeSendQueue);
    }
  }

  async function showOptions(
    s: Step,
    q: repo.QueueRow,
    parent: repo.ChatbotRow | null,
    options: repo.ChatbotRow[],
    repeat: boolean,
    prefix = '',
  ) {
    const amount = repeat ? s.ticket.amountUsedBotQueues + 1 : 1;
    await move(s, { isBot: true, queueId: q.id, chatbotOptionId: parent?.id ?? null, amountUsedBotQueues: amount });
    const greeting = parent ? parent.greetingMessage : q.greetingMessage;
    const back = parent !== null || s.scene.queues.length > 1;
    const text = renderMenu(
      greeting,
      options.map((o) => o.name),
      { back },
    );
    await say(s, [prefix, text].filter(Boolean).join('\n\n'), 'menu');
    await logStep(s, 'chatBot', { queueId: q.id });
  }

  /** The bot stops: the ticket waits for an attendant (in its queue, or without one; sendIdQueue right away when no delay is set). */
  async function handOver(s: Step) {
    const conn = s.scene.connection;
    if (!s.ticket.queueId && conn?.sendIdQueue && conn.timeSendQueue === 0) {
      await move(s, { isBot: false, queueId: conn.sendIdQueue, chatbotOptionId: null });
      await logStep(s, 'redirect', { queueId: conn.sendIdQueue });
    } else {
      await move(s, { isBot: false });
      await logStep(s, 'chatBot');
    }
    await sendPosition(s);
  }

  /** A non-advancing answer: the same menu again while under maxUseBotQueues, else an attendant. */
  async function repeatOrHandOver(s: Step, resend: () => Promise<void>) {
    if (s.ticket.amountUsedBotQueues >= maxBot(s)) return handOver(s);
    return resend();
  }

  async function sendPosition(s: Step) {
    s.queued = true;
    const set = s.scene.settings;
    if (set.sendQueuePosition !== 'enabled' || !s.ticket.queueId || s.ticket.userId || s.ticket.status !== 'pending') return;
    const position = await repo.queuePosition(s.tx, { companyId: s.companyId }, s.ticket.queueId, s.ticket.id);
    const template = set.sendQueuePositionMessage?.trim() || '';
    if (!template) return;
    const text = /\{\{\s*position\s*\}\}/.test(template)
      ? template.replace(/\{\{\s*position\s*\}\}/g, String(position))
      : `${template} *${position}*`;
    await say(s, text, 'position');
  }

  /**
   * The ticket is in queue `q`: its hours, then its chatbot flow, or (`announce`: chosen from the menu) its
   * greeting, and the wait.
   */
  async function enterQueue(s: Step, q: repo.QueueRow, o: { prefix?: string; announce?: boolean; announceBot?: boolean } = {}) {
    const prefix = o.prefix ?? '';
    // The queue's own file list (seed 001 §3 Queue fileListId): sent once, right after whatever carries the greeting.
    let filesSent = false;
    const queueFiles = async () => {
      if (filesSent || !q.fileListId) return;
      filesSent = true;
      if (!(await targets.sendFileList?.(s, q.fileListId))) {
        log?.warn({ ticketId: s.ticket.id, queueId: q.id, targetId: q.fileListId }, 'queue file list missing or empty');
      }
    };
    // A queue that hands over to a bot (an AI prompt, an integration) says its greeting first — when chosen from the
    // menu, and as the only queue with sendGreetingMessageOneQueues (`announceBot`): the customer learns who answers.
    const botGreeting = o.announce !== false || o.announceBot ? q.greetingMessage.trim() : '';
    const greet = [prefix, botGreeting].filter(Boolean).join('\n\n');
    if (q.promptId && (await hooks.enterPrompt?.(s, q.promptId, { queueId: q.id, prefix: greet }))) return queueFiles();
    if (await queueClosedNow(s, q)) {
      await say(s, prefix, 'greeting');
      if (s.ticket.isBot || s.ticket.queueId !== q.id) await move(s, { isBot: false, queueId: q.id, chatbotOptionId: null });
      return;
    }
    if (q.integrationId && targets.startIntegration) {
      if (s.ticket.queueId !== q.id) await move(s, { queueId: q.id, chatbotOptionId: null, amountUsedBotQueues: 0 });
      await say(s, greet, 'greeting');
      await queueFiles();
      if (await targets.startIntegration(s, q.integrationId)) return;
    }
    const options = await repo.optionsOf(s.tx, { companyId: s.companyId }, { queueId: q.id, parentId: null });
    if (options.length) {
      await showOptions(s, q, null, options, false, prefix);
      return queueFiles();
    }
    if (s.ticket.isBot || s.ticket.queueId !== q.id || s.ticket.chatbotOptionId) {
      await move(s, { isBot: false, queueId: q.id, chatbotOptionId: null, amountUsedBotQueues: 0 });
    }
    const greeting = o.announce === false ? '' : q.greetingMessage.trim();
    await say(s, [prefix, greeting].filter(Boolean).join('\n\n'), 'greeting');
    await queueFiles();
    // An information-only queue (closeTicket): its greeting, then done — when chosen from the menu.
    if (q.closeTicket && o.announce !== false) return closeByBot(s);
    await sendPosition(s);
  }

  // ─── The conversation's start ─────────────────────────────────────────────

  function needsConsent(s: Step) {
    const set = s.scene.settings;
    if (set.enableLGPD !== 'enabled' || s.ticket.lgpdAcceptedAt) return false;
    if (!set.lgpdMessage?.trim() && !set.lgpdLink?.trim()) return false;
    return set.lgpdConsent === 'enabled' || !s.scene.contact.lgpdAcceptedAt;
  }

  async function askConsent(s: Step, repeat: boolean) {
    const set = s.scene.settings;
    const greeting = [set.lgpdMessage?.trim(), set.lgpdLink?.trim()].filter(Boolean).join('\n\n');
    await say(s, renderMenu(greeting, LGPD_OPTIONS), 'lgpd');
    await move(s, {
      status: 'lgpd',
      isBot: true,
      lgpdSendMessageAt: s.now,
      amountUsedBotQueues: repeat ? s.ticket.amountUsedBotQueues + 1 : 1,
    });
    await logStep(s, 'chatBot');
  }

  /** A new conversation: consent, wallet, hours, then the menu (or the only queue). */
  async function start(s: Step) {
    if (needsConsent(s)) return askConsent(s, false);
    if (s.scene.settings.DirectTicketsToWallets === 'enabled') {
      const wallet = await repo.lastAttendant(s.tx, { companyId: s.companyId }, s.scene.contact.id, s.ticket.id);
      if (wallet) {
        const queueId = s.ticket.queueId ?? wallet.queueId;
        await move(s, { status: 'open', userId: wallet.userId, queueId, isBot: false, amountUsedBotQueues: 0 });
        await logStep(s, 'open', { userId: wallet.userId, queueId });
        return;
      }
    }
    if (await closedNow(s)) {
      // The menu comes with the first message in service hours.
      await move(s, { isBot: true, amountUsedBotQueues: 0, chatbotOptionId: null });
      return;
    }
    // A connection with an integration: it talks to the customer before any menu.
    if (s.scene.connection?.integrationId && (await targets.startIntegration?.(s, s.scene.connection.integrationId))) return;
    return firstMenu(s);
  }

  async function firstMenu(s: Step) {
    const queues = s.scene.queues;
    const conn = s.scene.connection;
    // A connection with an AI prompt: the model answers instead of the menu (seed 001 §6 prompt selector of a connection).
    if (conn?.promptId && !s.ticket.queueId && (await hooks.enterPrompt?.(s, conn.promptId, { prefix: conn.greetingMessage })))
      return;
    const single = s.ticket.queueId ? queues.find((q) => q.id === s.ticket.queueId) : queues.length === 1 ? queues[0] : null;
    if (!single || s.scene.settings.sendGreetingMessageOneQueues !== 'disabled') await sayGreetingMedia(s);
    if (queues.length > 1 && !s.ticket.queueId) return showQueueMenu(s, false);
    if (!single) {
      // No queue on the connection: the greeting, and the ticket waits for whoever takes it.
      await say(s, conn?.greetingMessage ?? '', 'greeting');
      if (s.ticket.isBot) await move(s, { isBot: false });
      return;
    }
    if (s.ticket.queueId !== single.id) {
      await move(s, { queueId: single.id });
      await logStep(s, 'queue', { queueId: single.id });
    }
    // One queue: the connection's greeting (sendGreetingMessageOneQueues), then the queue's flow if it has one.
    const greets = s.scene.settings.sendGreetingMessageOneQueues !== 'disabled';
    const prefix = greets ? (conn?.greetingMessage.trim() ?? '') : '';
    return enterQueue(s, single, { prefix, announce: false, announceBot: greets });
  }

  // ─── Answers ──────────────────────────────────────────────────────────────

  async function answerQueueMenu(s: Step) {
    const queues = s.scene.queues;
    const choice = matchChoice(
      s.body,
      queues.map((q) => q.name),
    );
    if (typeof choice === 'number') {
      const q = queues[choice - 1];
      await move(s, { queueId: q.id, chatbotOptionId: null, amountUsedBotQueues: 0 });
      await logStep(s, 'queue', { queueId: q.id });
      return enterQueue(s, q);
    }
    return repeatOrHandOver(s, () => showQueueMenu(s, true));
  }

  async function answerOptions(s: Step) {
    const q = s.ticket.queueId ? await repo.findQueue(s.tx, { companyId: s.companyId }, s.ticket.queueId) : null;
    if (!q) return handOver(s);
    const parent = s.ticket.chatbotOptionId
      ? await repo.findChatbot(s.tx, { companyId: s.companyId }, s.ticket.chatbotOptionId)
      : null;
    const options = await repo.optionsOf(s.tx, { companyId: s.companyId }, { queueId: q.id, parentId: parent?.id ?? null });
    if (!options.length) return handOver(s);
    const choice = matchChoice(
      s.body,
      options.map((o) => o.name),
    );
    const same = () => showOptions(s, q, parent, options, true);
    if (choice === 'back') {
      if (parent) {
        const grand = parent.chatbotId ? await repo.findChatbot(s.tx, { companyId: s.companyId }, parent.chatbotId) : null;
        const up = await repo.optionsOf(s.tx, { companyId: s.companyId }, { queueId: q.id, parentId: grand?.id ?? null });
        return showOptions(s, q, grand, up, false);
      }
      if (s.scene.queues.length > 1) return showQueueMenu(s, false);
      return repeatOrHandOver(s, same);
    }
    if (typeof choice !== 'number') return repeatOrHandOver(s, same);
    return chooseOption(s, q, parent, options, options[choice - 1]);
  }

  async function chooseOption(
    s: Step,
    q: repo.QueueRow,
    parent: repo.ChatbotRow | null,
    siblings: repo.ChatbotRow[],
    o: repo.ChatbotRow,
  ) {
    const children = await repo.optionsOf(s.tx, { companyId: s.companyId }, { queueId: q.id, parentId: o.id });
    if (children.length) {
      // Seed 001 §5: a step's message is mandatory to proceed to the next level.
      if (!o.greetingMessage.trim()) return repeatOrHandOver(s, () => showOptions(s, q, parent, siblings, true));
      return showOptions(s, q, o, children, false);
    }
    const reply = o.greetingMessage;
    switch (o.queueType) {
      case 'attendent': {
        await say(s, reply, 'reply');
        if (!o.optUserId) return o.closeTicket ? closeByBot(s) : handOver(s);
        await move(s, { status: 'open', userId: o.optUserId, isBot: false, chatbotOptionId: o.id, amountUsedBotQueues: 0 });
        await logStep(s, 'open', { userId: o.optUserId });
        return o.closeTicket ? closeByBot(s) : undefined;
      }
      case 'queue': {
        const target =
          o.optQueueId && o.optQueueId !== q.id ? await repo.findQueue(s.tx, { companyId: s.companyId }, o.optQueueId) : null;
        await say(s, reply, 'reply');
        if (o.closeTicket) return closeByBot(s);
        if (!target) return handOver(s);
        await move(s, { queueId: target.id, chatbotOptionId: null, amountUsedBotQueues: 0 });
        await logStep(s, 'redirect', { queueId: target.id });
        return enterQueue(s, target);
      }
      case 'integration': {
        // The step's text, then the integration answers from the next message on (a job, outside this transaction).
        await say(s, reply, 'reply');
        await move(s, { chatbotOptionId: o.id });
        if (o.closeTicket) return closeByBot(s);
        if (await targets.startIntegration?.(s, o.optIntegrationId)) return;
        log?.warn(
          { ticketId: s.ticket.id, chatbotId: o.id, targetId: o.optIntegrationId },
          'chatbot integration step without an integration',
        );
        return handOver(s);
      }
      case 'file': {
        // The step's text, the list's message and files, then an attendant (or the close).
        await say(s, reply, 'reply');
        await move(s, { chatbotOptionId: o.id });
        if (!(await targets.sendFileList?.(s, o.optFileId))) {
          log?.warn({ ticketId: s.ticket.id, chatbotId: o.id, targetId: o.optFileId }, 'chatbot file step without a file list');
        }
        if (o.closeTicket) return closeByBot(s);
        return handOver(s);
      }
      default: {
        // text: a leaf — its reply, then an attendant (issue 16 item 5: never the menu again).
        await say(s, reply, 'reply');
        if (o.closeTicket) return closeByBot(s);
        await move(s, { chatbotOptionId: o.id });
        return handOver(s);
      }
    }
  }

  async function answerConsent(s: Step): Promise<boolean> {
    const answer =
      parseConsent(s.body) ??
      (matchChoice(s.body, LGPD_OPTIONS) === 1 ? 'accept' : matchChoice(s.body, LGPD_OPTIONS) === 2 ? 'refuse' : null);
    if (answer === 'accept') {
      await repo.setContactConsent(s.tx, { companyId: s.companyId }, s.scene.contact.id, s.now);
      s.scene.contact = { ...s.scene.contact, lgpdAcceptedAt: s.now };
      await move(s, { status: 'pending', lgpdAcceptedAt: s.now, amountUsedBotQueues: 0 });
      await logStep(s, 'chatBot');
      return true;
    }
    if (answer === 'refuse') {
      await closeByBot(s);
      return false;
    }
    // Not an answer: asked again up to maxUseBotQueues times; then it waits (an attendant may ignore it).
    if (s.ticket.amountUsedBotQueues < maxBot(s)) await askConsent(s, true);
    return false;
  }

  async function answerRating(s: Step) {
    const conn = s.scene.connection;
    const asked = await repo.ratingAskedAt(s.tx, { companyId: s.companyId }, s.ticket.id);
    const expires = conn?.expiresTicketNPS ?? 0;
    if (expires > 0 && asked && s.now.getTime() - asked.getTime() > expires * 60_000) {
      // Too late: the rating window closed (the tickets sweep closes these too).
      return closeByBot(s);
    }
    const score = parseNpsScore(s.body);
    if (score !== null) {
      await repo.insertRating(
        s.tx,
        { companyId: s.companyId },
        {
          ticketId: s.ticket.id,
          userId: s.ticket.userId,
          queueId: s.ticket.queueId,
          rate: score,
          at: s.now,
        },
      );
      s.rated = { rate: score, userId: s.ticket.userId, queueId: s.ticket.queueId };
      await say(s, conn?.complationMessage ?? '', 'completion');
      return closeByBot(s);
    }
    const tries = s.ticket.amountUsedBotQueuesNPS + 1;
    if (tries >= (conn?.maxUseBotQueuesNPS || DEFAULT_MAX_BOT)) {
      await say(s, conn?.complationMessage ?? '', 'completion');
      return closeByBot(s);
    }
    await move(s, { amountUsedBotQueuesNPS: tries });
    await say(s, conn?.ratingMessage ?? '', 'rating');
  }

  function audioRefused(s: Step) {
    return s.scene.settings.acceptAudioMessageContact === 'disabled' || s.scene.contact.acceptAudioMessage === false;
  }

  return {
    closedNow,
    queueClosedNow,
    handOver,
    sendPosition,
    start,
    firstMenu,
    answerQueueMenu,
    answerOptions,
    answerConsent,
    answerRating,
    audioRefused,
  };
}
