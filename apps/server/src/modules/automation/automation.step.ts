/**
 * One automation decision (a `Step`) and its effects: what the decision writes inside the transaction that holds the
 * ticket's row lock (moves, log entries, bot messages through the outbound pipeline's insert, timers), and what runs
 * after commit (send jobs, timers, realtime events). The conversation rules that use them are in automation.flow.ts.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/open';
import type { Tenant } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import type { JobDefinition, JobPayload } from '../../platform/jobs';
import {
  insertAutomaticMessage,
  type MessageRow,
  sendMessageJob,
  type TicketRow,
  toMessageDto,
} from '../messages/messages.public';
import { closeTicket, createTicketAudience, formatTemplate } from '../tickets/tickets.public';
import type { TicketsService } from '../tickets/tickets.service';
import * as repo from './automation.repository';

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
export const DEFAULT_MAX_BOT = 3;

/** Customer messages a ticket may exchange with the bot before it is handed to an attendant, however it navigates. */
export const botAnswerLimit = (maxUseBotQueues: number) => Math.max(10, 3 * maxUseBotQueues + 1);

export type Kind =
  | 'menu'
  | 'greeting'
  | 'reply'
  | 'outOfHours'
  | 'vacation'
  | 'lgpd'
  | 'rating'
  | 'completion'
  | 'position'
  | 'audio'
  | 'ai';

interface Outgoing {
  messageId: number;
  /** The stored row, when the decision holds it: published as it is, without reading it again. */
  row?: MessageRow;
  /** Sent this many seconds after commit (an integration's delay between bubbles); at once without it. */
  afterSeconds?: number;
}

export interface Timer {
  def: JobDefinition;
  payload: JobPayload<JobDefinition>;
  startAfterSeconds: number;
  /** At most one such job queued (the job definition's policy decides how). */
  singletonKey?: string;
}

/** One decision: the locked ticket, what it reads, and what to do after commit. */
export interface Step {
  tx: Db;
  companyId: number;
  ticket: TicketRow;
  before: TicketRow;
  scene: repo.Scene;
  /** The claim's condition held when the ticket was locked (a campaign may be waiting for this reply). */
  awaited: boolean;
  body: string;
  now: Date;
  sent: Outgoing[];
  timers: Timer[];
  /** The customer's rating answer stored in this decision (published after commit as `rating.received`). */
  rated?: { rate: number; userId: number | null; queueId: number | null };
  /** The decision left the ticket waiting in its queue (published after commit as `ticket.queued`). */
  queued?: boolean;
}

/**
 * One turn of a bot that talks to a provider (an AI prompt, a queue integration), run by a job (`botTurn`): the
 * ticket must be the bot's before the slow work and again, under the ticket's lock, before anything is stored.
 */
export interface BotTurn<W> {
  /** The ticket is still this bot's: checked on the unlocked read, then again inside the locked transaction. */
  ours(ticket: TicketRow): boolean;
  /** Everything slow (providers, downloads), outside any transaction; null = nothing to store this time. */
  work(ticket: TicketRow): Promise<W | null>;
  /** Inside the ticket's locked transaction, `ours` holding: stores the answer and moves the ticket; false = nothing kept (answered already). */
  store(s: Step, work: W): Promise<boolean>;
  /** After the transaction (kept or not): e.g. removes files the work downloaded that no message kept. */
  after?(work: W, kept: boolean): Promise<void>;
}

/** The effects a decision may have, bound to the app's dependencies; `clock` is read at each decision's start. */
export function createStepEffects(
  deps: CoreDeps,
  tickets: TicketsService,
  clock: () => Date,
  setup: repo.SceneSetupCache = repo.createSceneSetupCache(0),
  /** Another feature's claim on the customer's reply, read with the ticket's lock (ReplyClaims in automation.service). */
  awaited?: repo.TicketCondition,
) {
  const { db } = deps.database;
  const lockStatement = repo.lockTicketStatement(awaited);
  const audience = createTicketAudience(db);
  const tenantOf = (companyId: number): Tenant => ({ companyId });
  const maxBot = (s: Step) => s.scene.connection?.maxUseBotQueues || DEFAULT_MAX_BOT;

  // ─── Effects inside the decision's transaction ────────────────────────────

  async function move(s: Step, values: Parameters<typeof repo.updateTicket>[3]) {
    s.ticket = (await repo.updateTicket(s.tx, { companyId: s.companyId }, s.ticket.id, values)) ?? s.ticket;
  }

  function logStep(
    s: Step,
    type: Parameters<typeof repo.insertLog>[2]['type'],
    extra: { userId?: number | null; queueId?: number | null } = {},
  ) {
    return repo.insertLog(
      s.tx,
      { companyId: s.companyId },
      {
        ticketId: s.ticket.id,
        type,
        userId: extra.userId ?? null,
        queueId: extra.queueId === undefined ? s.ticket.queueId : extra.queueId,
      },
    );
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
    const message = await insertAutomaticMessage(
      s.tx,
      { companyId: s.companyId },
      { ticketId: s.ticket.id, whatsappId: s.ticket.whatsappId, queueId: s.ticket.queueId, origin: { automatic: kind }, body },
    );
    s.sent.push({ messageId: message.id, row: message });
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
    const message = await insertAutomaticMessage(
      s.tx,
      { companyId: s.companyId },
      {
        ticketId: s.ticket.id,
        whatsappId: s.ticket.whatsappId,
        queueId: s.ticket.queueId,
        origin: { automatic: 'greeting' },
        body: '',
        media: { type: mediaType, url: stored, name, mimeType: mime, size },
      },
    );
    s.sent.push({ messageId: message.id, row: message });
  }

  function later(s: Step, def: JobDefinition, payload: object, minutes: number) {
    s.timers.push({
      def,
      payload: payload as JobPayload<JobDefinition>,
      startAfterSeconds: Math.max(1, Math.round(minutes * 60)),
    });
  }

  // ─── After commit ─────────────────────────────────────────────────────────

  async function carryOut(s: Pick<Step, 'companyId' | 'ticket' | 'before' | 'sent' | 'timers' | 'rated' | 'now' | 'scene'>) {
    for (const m of s.sent) {
      await deps.jobs.send(
        sendMessageJob,
        { messageId: m.messageId, companyId: s.companyId, attempt: 1 },
        m.afterSeconds ? { startAfter: m.afterSeconds } : {},
      );
    }
    for (const t of s.timers) {
      await deps.jobs.send(t.def, t.payload, {
        startAfter: t.startAfterSeconds,
        ...(t.singletonKey ? { singletonKey: t.singletonKey } : {}),
      });
    }
    if (s.sent.length) {
      // The rows the decision stored are published as they are; only messages stored elsewhere (a file list) are read.
      const missing = s.sent.filter((m) => !m.row).map((m) => m.messageId);
      const read = missing.length ? await repo.findMessages(db, { companyId: s.companyId }, missing) : [];
      const to = await audience.roomsOf({ companyId: s.companyId }, s.ticket);
      for (const m of s.sent) {
        const row = m.row ?? read.find((r) => r.id === m.messageId);
        if (row)
          deps.realtime.publish(s.companyId, 'appMessage', { action: 'create', message: toMessageDto(row, deps.mediaUrl) }, to);
      }
    }
    for (const m of s.sent) {
      await deps.events.publish('message.sent', {
        companyId: s.companyId,
        messageId: m.messageId,
        ticketId: s.ticket.id,
        userId: null,
        automatic: 'bot',
      });
    }
    if (s.rated) {
      await deps.events.publish('rating.received', { companyId: s.companyId, ticketId: s.ticket.id, at: s.now, ...s.rated });
    }
    const b = s.before;
    if (s.ticket.status === 'closed' && b.status !== 'closed') {
      // Closed by the bot: a rating answered (or refused too often), a consent refused, a chatbot step that closes.
      const why = b.status === 'nps' ? 'rating' : 'bot';
      const by = b.status === 'nps' ? b.userId : null;
      await deps.events.publish('ticket.closed', { companyId: s.companyId, ticket: s.ticket, why, by });
    }
    await tickets.publishTicket(
      tenantOf(s.companyId),
      s.ticket.id,
      { id: b.id, queueId: b.queueId, userId: b.userId, isGroup: b.isGroup },
      s.scene.settings,
    );
  }

  const waitsIn = (t: TicketRow, queueId: number) => t.status === 'pending' && !t.userId && !t.isBot && t.queueId === queueId;

  const visiblyChanged = (a: TicketRow, b: TicketRow) =>
    a.status !== b.status || a.queueId !== b.queueId || a.userId !== b.userId || a.isBot !== b.isBot;

  /**
   * Runs `decide` on the locked ticket, then sends, schedules and publishes what it stored. `claim` runs first, under
   * the lock (the drain takes the ticket's due messages there); false = nothing to decide.
   */
  async function withTicket(
    companyId: number,
    ticketId: number,
    body: string,
    decide: (s: Step) => Promise<void>,
    claim?: (tx: Db, ticket: TicketRow) => Promise<boolean>,
  ) {
    const step = await db.transaction(async (tx) => {
      const locked = await repo.lockTicketWithContact(tx, lockStatement, { companyId }, ticketId);
      if (!locked) return null;
      const { ticket, contact, awaited } = locked;
      if (claim && !(await claim(tx, ticket))) return null;
      const scene = await repo.loadScene(tx, { companyId }, ticket, contact, setup);
      if (!scene || contact.disableBot) return null;
      const s: Step = { tx, companyId, ticket, before: ticket, scene, awaited, body, now: clock(), sent: [], timers: [] };
      await decide(s);
      return s;
    });
    if (step && (step.sent.length || step.timers.length || visiblyChanged(step.before, step.ticket))) await carryOut(step);
    const t = step?.ticket;
    // The wait for an attendant starts: the queue's assignment rule reacts (docs/automation.md "Assignment").
    if (step && t?.queueId && waitsIn(t, t.queueId) && (step.queued || !waitsIn(step.before, t.queueId))) {
      await deps.events.publish('ticket.queued', { companyId, ticketId: t.id, queueId: t.queueId });
    }
    return step?.ticket ?? null;
  }

  /**
   * Runs one bot turn (see BotTurn): read without a lock → `work` outside any transaction → a short `withTicket`
   * that checks `ours` again and lets `store` write. A job that runs twice, or a ticket taken meanwhile by an
   * attendant, stores nothing. Answers whether the turn was kept.
   */
  async function botTurn<W>(companyId: number, ticketId: number, turn: BotTurn<W>): Promise<boolean> {
    const ticket = await repo.findTicket(db, tenantOf(companyId), ticketId);
    if (!ticket || !turn.ours(ticket)) return false;
    const work = await turn.work(ticket);
    if (work === null) return false;
    let kept = false;
    await withTicket(companyId, ticketId, '', async (s) => {
      if (!turn.ours(s.ticket)) return;
      kept = await turn.store(s, work);
    });
    await turn.after?.(work, kept);
    return kept;
  }

  async function closeByBot(s: Step) {
    // A rating that ends closes the attendance its attendant resolved: the log names them, not the system (issue 30 item 9)
    const by = s.ticket.status === 'nps' ? s.ticket.userId : null;
    const closed = await closeTicket(s.tx, s, s.ticket.id, { fromStatuses: [s.ticket.status], by, now: s.now });
    s.ticket = closed ?? s.ticket;
  }

  return { maxBot, move, logStep, fill, say, sayGreetingMedia, later, withTicket, botTurn, closeByBot };
}

export type StepEffects = ReturnType<typeof createStepEffects>;
