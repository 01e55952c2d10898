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
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open';
import type { Tenant } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import type { JobDefinition, JobPayload } from '../../platform/jobs';
import { lastMessageText, type TicketRow, toMessageDto } from '../messages/messages.dto';
import { sendMessageJob } from '../messages/messages.jobs';
import { insertOutbound } from '../messages/messages.public';
import { createTicketAudience } from '../tickets/tickets.audience';
import { closeTicket } from '../tickets/tickets.close';
import type { TicketsService } from '../tickets/tickets.service';
import { formatTemplate } from '../tickets/tickets.templates';
import { bindAutomation, type StoredInbound } from './automation.hooks';
import { rotateQueuesJob, sendToDefaultQueueJob } from './automation.jobs';
import * as repo from './automation.repository';
import { isOnVacation, isWithinSchedule, matchChoice, parseConsent, parseNpsScore, renderMenu } from './automation.rules';

/** Reply to an audio from a contact who may not send audio (no setting holds this text; decisions.md). */
export const AUDIO_REFUSED_TEXT =
  'Desculpe, não conseguimos ouvir mensagens de áudio neste atendimento. Por favor, escreva sua mensagem.';
/** The two answers of the LGPD consent question. */
export const LGPD_OPTIONS = ['Aceito', 'Não aceito'];
/** Types a greeting attachment is stored as (whatsapps' media-upload accepts files WhatsApp can send). */
const GREETING_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
};
/** maxUseBotQueues when a connection has 0 (seed 001 §9 default). */
const DEFAULT_MAX_BOT = 3;

/** Customer messages a ticket may exchange with the bot before it is handed to an attendant, however it navigates. */
export const botAnswerLimit = (maxUseBotQueues: number) => Math.max(10, 3 * maxUseBotQueues + 1);

type Kind = 'menu' | 'greeting' | 'reply' | 'outOfHours' | 'vacation' | 'lgpd' | 'rating' | 'completion' | 'position' | 'audio';

interface Outgoing {
  messageId: number;
}

interface Timer {
  def: JobDefinition;
  payload: JobPayload<JobDefinition>;
  startAfterSeconds: number;
}

/** One decision: the locked ticket, what it reads, and what to do after commit. */
interface Step {
  tx: Db;
  companyId: number;
  ticket: TicketRow;
  before: TicketRow;
  scene: repo.Scene;
  body: string;
  now: Date;
  sent: Outgoing[];
  timers: Timer[];
}

export interface AutomationOptions {
  /** The clock of every time rule (tests inject one instead of sleeping). */
  now?: () => Date;
  logger?: FastifyBaseLogger;
}

export function createAutomationService(deps: CoreDeps, tickets: TicketsService, opts: AutomationOptions = {}) {
  const { db } = deps.database;
  const audience = createTicketAudience(db);
  let clock = opts.now ?? (() => new Date());
  const log = opts.logger;

  const tenantOf = (companyId: number): Tenant => ({ companyId });
  const maxBot = (s: Step) => s.scene.connection?.maxUseBotQueues || DEFAULT_MAX_BOT;

  // ─── Effects inside the decision's transaction ────────────────────────────

  async function move(s: Step, values: Parameters<typeof repo.updateTicket>[3]) {
    s.ticket = (await repo.updateTicket(s.tx, s.companyId, s.ticket.id, values)) ?? s.ticket;
  }

  function logStep(
    s: Step,
    type: Parameters<typeof repo.insertLog>[2]['type'],
    extra: { userId?: number | null; queueId?: number | null } = {},
  ) {
    return repo.insertLog(s.tx, s.companyId, {
      ticketId: s.ticket.id,
      type,
      userId: extra.userId ?? null,
      queueId: extra.queueId === undefined ? s.ticket.queueId : extra.queueId,
    });
  }

  function fill(s: Step, text: string, queueName?: string | null) {
    const queue = queueName ?? s.scene.queues.find((q) => q.id === s.ticket.queueId)?.name ?? null;
    return formatTemplate(text, {
      contactName: s.scene.contact.name,
      queueName: queue,
      connectionName: s.scene.connection?.name ?? null,
      ticketId: s.ticket.id,
      timezone: s.scene.company.timezone,
      now: s.now,
    });
  }

  /** Stores a bot message in the ticket (ack 0, no user); the send job takes it after commit. */
  async function say(s: Step, text: string, kind: Kind) {
    const body = fill(s, text).trim();
    if (!body || !s.ticket.whatsappId) return;
    const { message } = await insertOutbound(
      s.tx,
      { companyId: s.companyId },
      {
        ticketId: s.ticket.id,
        whatsappId: s.ticket.whatsappId,
        body,
        mediaType: 'text',
        mediaUrl: null,
        mediaName: null,
        mediaMimeType: null,
        mediaSize: null,
        dataJson: { automatic: kind },
        quotedMsgId: null,
        isPrivate: false,
        queueId: s.ticket.queueId,
        userId: null,
        lastMessage: lastMessageText(body, 'text'),
      },
    );
    s.sent.push({ messageId: message.id });
  }

  /** The connection's greetingMediaAttachment (a stored file), sent before the greeting's text. */
  async function sayGreetingMedia(s: Step) {
    const stored = s.scene.connection?.greetingMediaAttachment;
    const abs = stored ? deps.media.resolve(stored) : null;
    if (!stored || !abs || !s.ticket.whatsappId) return;
    const size = await stat(abs).then(
      (st) => st.size,
      () => null,
    );
    const mime = GREETING_MIME[path.extname(abs).slice(1).toLowerCase()];
    if (size === null || !mime) return;
    const mediaType = mime.split('/')[0] === 'application' ? 'application' : mime.split('/')[0];
    const name = path.basename(abs);
    const { message } = await insertOutbound(
      s.tx,
      { companyId: s.companyId },
      {
        ticketId: s.ticket.id,
        whatsappId: s.ticket.whatsappId,
        body: '',
        mediaType,
        mediaUrl: stored,
        mediaName: name,
        mediaMimeType: mime,
        mediaSize: size,
        dataJson: { automatic: 'greeting' },
        quotedMsgId: null,
        isPrivate: false,
        queueId: s.ticket.queueId,
        userId: null,
        lastMessage: lastMessageText('', mediaType),
      },
    );
    s.sent.push({ messageId: message.id });
  }

  function later(s: Step, def: JobDefinition, payload: object, minutes: number) {
    s.timers.push({
      def,
      payload: payload as JobPayload<JobDefinition>,
      startAfterSeconds: Math.max(1, Math.round(minutes * 60)),
    });
  }

  // ─── After commit ─────────────────────────────────────────────────────────

  async function carryOut(s: Pick<Step, 'companyId' | 'ticket' | 'before' | 'sent' | 'timers'>) {
    for (const m of s.sent) {
      await deps.jobs.send(sendMessageJob, { messageId: m.messageId, companyId: s.companyId, attempt: 1 });
    }
    for (const t of s.timers) await deps.jobs.send(t.def, t.payload, { startAfter: t.startAfterSeconds });
    if (s.sent.length) {
      const stored = await repo.findMessages(
        db,
        s.companyId,
        s.sent.map((m) => m.messageId),
      );
      const to = await audience.roomsOf({ companyId: s.companyId }, s.ticket);
      for (const m of stored) {
        deps.realtime.publish(s.companyId, 'appMessage', { action: 'create', message: toMessageDto(m, deps.mediaUrl) }, to);
      }
    }
    const b = s.before;
    await tickets.publishTicket(tenantOf(s.companyId), s.ticket.id, {
      id: b.id,
      queueId: b.queueId,
      userId: b.userId,
      isGroup: b.isGroup,
    });
  }

  const visiblyChanged = (a: TicketRow, b: TicketRow) =>
    a.status !== b.status || a.queueId !== b.queueId || a.userId !== b.userId || a.isBot !== b.isBot;

  /** Runs `decide` on the locked ticket, then sends, schedules and publishes what it stored. */
  async function withTicket(companyId: number, ticketId: number, body: string, decide: (s: Step) => Promise<void>) {
    const step = await db.transaction(async (tx) => {
      const ticket = await repo.lockTicket(tx, companyId, ticketId);
      if (!ticket) return null;
      const scene = await repo.loadScene(tx, companyId, ticket);
      if (!scene || scene.contact.disableBot) return null;
      const s: Step = { tx, companyId, ticket, before: ticket, scene, body, now: clock(), sent: [], timers: [] };
      await decide(s);
      return s;
    });
    if (step && (step.sent.length || step.timers.length || visiblyChanged(step.before, step.ticket))) await carryOut(step);
    return step?.ticket ?? null;
  }

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
    const set = s.scene.settings;
    if (set.sendQueuePosition !== 'enabled' || !s.ticket.queueId || s.ticket.userId || s.ticket.status !== 'pending') return;
    const position = await repo.queuePosition(s.tx, s.companyId, s.ticket.queueId, s.ticket.id);
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
  async function enterQueue(s: Step, q: repo.QueueRow, o: { prefix?: string; announce?: boolean } = {}) {
    const prefix = o.prefix ?? '';
    if (await queueClosedNow(s, q)) {
      await say(s, prefix, 'greeting');
      if (s.ticket.isBot || s.ticket.queueId !== q.id) await move(s, { isBot: false, queueId: q.id, chatbotOptionId: null });
      return;
    }
    const options = await repo.optionsOf(s.tx, s.companyId, { queueId: q.id, parentId: null });
    if (options.length) return showOptions(s, q, null, options, false, prefix);
    if (s.ticket.isBot || s.ticket.queueId !== q.id || s.ticket.chatbotOptionId) {
      await move(s, { isBot: false, queueId: q.id, chatbotOptionId: null, amountUsedBotQueues: 0 });
    }
    const greeting = o.announce === false ? '' : q.greetingMessage.trim();
    await say(s, [prefix, greeting].filter(Boolean).join('\n\n'), 'greeting');
    // An information-only queue (closeTicket): its greeting, then done — when chosen from the menu.
    if (q.closeTicket && o.announce !== false) return closeByBot(s);
    await sendPosition(s);
  }

  async function closeByBot(s: Step) {
    const closed = await closeTicket(s.tx, s, s.ticket.id, { fromStatuses: [s.ticket.status], by: null, now: s.now });
    s.ticket = closed ?? s.ticket;
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
      const wallet = await repo.lastAttendant(s.tx, s.companyId, s.scene.contact.id, s.ticket.id);
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
    return firstMenu(s);
  }

  async function firstMenu(s: Step) {
    const queues = s.scene.queues;
    const conn = s.scene.connection;
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
    const prefix = s.scene.settings.sendGreetingMessageOneQueues !== 'disabled' ? (conn?.greetingMessage.trim() ?? '') : '';
    return enterQueue(s, single, { prefix, announce: false });
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
    const q = s.ticket.queueId ? await repo.findQueue(s.tx, s.companyId, s.ticket.queueId) : null;
    if (!q) return handOver(s);
    const parent = s.ticket.chatbotOptionId ? await repo.findChatbot(s.tx, s.companyId, s.ticket.chatbotOptionId) : null;
    const options = await repo.optionsOf(s.tx, s.companyId, { queueId: q.id, parentId: parent?.id ?? null });
    if (!options.length) return handOver(s);
    const choice = matchChoice(
      s.body,
      options.map((o) => o.name),
    );
    const same = () => showOptions(s, q, parent, options, true);
    if (choice === 'back') {
      if (parent) {
        const grand = parent.chatbotId ? await repo.findChatbot(s.tx, s.companyId, parent.chatbotId) : null;
        const up = await repo.optionsOf(s.tx, s.companyId, { queueId: q.id, parentId: grand?.id ?? null });
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
    const children = await repo.optionsOf(s.tx, s.companyId, { queueId: q.id, parentId: o.id });
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
        const target = o.optQueueId && o.optQueueId !== q.id ? await repo.findQueue(s.tx, s.companyId, o.optQueueId) : null;
        await say(s, reply, 'reply');
        if (o.closeTicket) return closeByBot(s);
        if (!target) return handOver(s);
        await move(s, { queueId: target.id, chatbotOptionId: null, amountUsedBotQueues: 0 });
        await logStep(s, 'redirect', { queueId: target.id });
        return enterQueue(s, target);
      }
      case 'integration':
      case 'file': {
        // Integrations and file lists are not in this product yet: the customer gets the step's text and an attendant.
        await say(s, reply, 'reply');
        log?.warn(
          { ticketId: s.ticket.id, chatbotId: o.id, queueType: o.queueType, targetId: o.optIntegrationId ?? o.optFileId },
          `chatbot step of type ${o.queueType} handed to an attendant (not available yet)`,
        );
        await move(s, { chatbotOptionId: o.id });
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
      await repo.setContactConsent(s.tx, s.companyId, s.scene.contact.id, s.now);
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
    const asked = await repo.ratingAskedAt(s.tx, s.companyId, s.ticket.id);
    const expires = conn?.expiresTicketNPS ?? 0;
    if (expires > 0 && asked && s.now.getTime() - asked.getTime() > expires * 60_000) {
      // Too late: the rating window closed (the tickets sweep closes these too).
      return closeByBot(s);
    }
    const score = parseNpsScore(s.body);
    if (score !== null) {
      await repo.insertRating(s.tx, s.companyId, {
        ticketId: s.ticket.id,
        userId: s.ticket.userId,
        queueId: s.ticket.queueId,
        rate: score,
        at: s.now,
      });
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

  // ─── Entry points ─────────────────────────────────────────────────────────

  async function onInbound(m: StoredInbound) {
    await withTicket(m.companyId, m.ticketId, m.body, async (s) => {
      const t = s.ticket;
      if (t.isGroup) return;
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
      if (await repo.writtenBeforeLastMenu(s.tx, s.companyId, t.id, m.messageId)) return;
      const limit = botAnswerLimit(maxBot(s));
      if ((await repo.customerMessageCount(s.tx, s.companyId, t.id)) > limit) return handOver(s);
      if (!t.queueId) return answerQueueMenu(s);
      return answerOptions(s);
    });
  }

  /** The close transition asks first: with ratings on, the ticket waits in `nps` for a 0–10 answer. */
  async function ratingInsteadOfClose(companyId: number, ticket: TicketRow): Promise<TicketRow | null> {
    if (ticket.isGroup || ticket.status !== 'open') return null;
    let asked = false;
    const result = await withTicket(companyId, ticket.id, '', async (s) => {
      const conn = s.scene.connection;
      if (s.ticket.status !== 'open' || s.scene.settings.userRating !== 'enabled' || !conn?.ratingMessage.trim()) return;
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
      const q = await repo.findQueue(s.tx, companyId, conn.sendIdQueue);
      if (!q) return;
      await move(s, { queueId: q.id, isBot: false, chatbotOptionId: null });
      await logStep(s, 'redirect', { queueId: q.id });
      await sendPosition(s);
    });
  }

  /**
   * Rotation: each waiting ticket of a queue with ativarRoteador that has waited tempoRoteador minutes goes to
   * the queue's online user with the fewest live tickets (ties: the one who got a ticket longest ago).
   */
  async function rotate(now = clock()): Promise<number> {
    let assigned = 0;
    for (const q of await repo.rotatingQueues(db)) {
      const waiting = await repo.waitingTickets(db, q.companyId, q.id, new Date(now.getTime() - q.tempoRoteador * 60_000));
      if (!waiting.length) continue;
      const users = await repo.rotationCandidates(db, q.companyId, q.id);
      if (!users.length) continue;
      for (const ticketId of waiting) {
        users.sort((a, b) => a.open - b.open);
        const user = users[0];
        const before = await repo.findTicket(db, q.companyId, ticketId);
        const done = await repo.assignWaiting(db, q.companyId, ticketId, user.id);
        if (!done) continue;
        await repo.insertLog(db, q.companyId, { ticketId, type: 'open', userId: user.id, queueId: q.id });
        user.open++;
        // Moved to the back of its group of equals: round-robin among users with as many tickets.
        users.push(users.splice(0, 1)[0]);
        assigned++;
        await tickets.publishTicket(
          tenantOf(q.companyId),
          ticketId,
          before ? { id: ticketId, queueId: before.queueId, userId: null, isGroup: false } : undefined,
        );
      }
    }
    return assigned;
  }

  const service = {
    onInbound,
    ratingInsteadOfClose,
    sendToDefaultQueue,
    rotate,
    /** Tests: the clock of every time rule. */
    useClock(now: () => Date) {
      clock = now;
    },
  };
  bindAutomation(deps, service);
  return service;
}

export type AutomationService = ReturnType<typeof createAutomationService>;

export function registerAutomationJobs(deps: CoreDeps, automation: AutomationService) {
  deps.jobs.register(sendToDefaultQueueJob, async ({ companyId, ticketId }) => {
    await automation.sendToDefaultQueue(companyId, ticketId);
  });
  deps.jobs.register(
    rotateQueuesJob,
    async () => {
      await automation.rotate();
    },
    { cron: '* * * * *' },
  );
}
