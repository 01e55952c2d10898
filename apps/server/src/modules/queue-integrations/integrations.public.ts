/**
 * The integrations runtime (docs/automation.md "Integrations"): a ticket whose queue, connection or chatbot step
 * points to a queue integration talks to it while `useIntegration` and `isBot` hold. The automation decides inside
 * the ticket's locked transaction and only enqueues `integrations.turn`; the job calls the provider (Typebot chat
 * API, n8n / webhook POST signed with HMAC-SHA256, Dialogflow detectIntent) through the SSRF-guarded outboundFetch,
 * then stores the replies in a short transaction that re-checks the ticket is still with this integration and that
 * this turn was not answered already (the automation's `botTurn`, shared with the AI runtime). Any failure hands the
 * ticket to an attendant with an `integrationFailed` log.
 * Typebot's image, video and audio bubbles go out as media: the job downloads the bubble's URL through the same guard
 * (size cap = the downloadLimit setting), stores it with the media rules (type decided by its bytes) and sends it as
 * that media; a URL that cannot be fetched, or whose bytes are not of the bubble's kind, goes as a link (embeds too).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { TicketLogType } from '@atendo/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { contacts, integrationSessions, queueIntegrations, queues } from '../../db/schema';
import type { CoreDeps } from '../../platform/deps';
import type { JobDefinition, JobPayload } from '../../platform/jobs';
import { OutboundRefused, outboundFetch } from '../../platform/safe-fetch';
import { insertAutomaticMessage, type MessageRow, type TicketRow } from '../messages/messages.public';
import { mediaLimitBytes } from '../settings/settings.public';
import { detectIntent } from './dialogflow.client';
import { integrationTurnJob } from './integrations.jobs';

export { integrationTurnJob } from './integrations.jobs';

type IntegrationRow = typeof queueIntegrations.$inferSelect;
type SessionRow = typeof integrationSessions.$inferSelect;

/** What the runtime needs of an automation step (the locked ticket and what to do after commit). */
export interface BotStep {
  tx: Db;
  companyId: number;
  ticket: TicketRow;
  body: string;
  sent: { messageId: number; row?: MessageRow; afterSeconds?: number }[];
  timers: { def: JobDefinition; payload: JobPayload<JobDefinition>; startAfterSeconds: number }[];
}

export interface BotPort<S extends BotStep> {
  withTicket(companyId: number, ticketId: number, body: string, decide: (s: S) => Promise<void>): Promise<unknown>;
  move(
    s: S,
    values: {
      integrationId?: number | null;
      useIntegration?: boolean;
      isBot?: boolean;
      queueId?: number | null;
      chatbotOptionId?: number | null;
    },
  ): Promise<void>;
  logStep(s: S, type: TicketLogType, extra?: { queueId?: number | null }): Promise<unknown>;
  handOver(s: S): Promise<void>;
  closeByBot(s: S): Promise<void>;
  /** The automation's bot turn (automation.step.ts `botTurn`): read → work outside any lock → store under the lock, re-checked. */
  botTurn<W>(
    companyId: number,
    ticketId: number,
    turn: {
      ours(ticket: TicketRow): boolean;
      work(ticket: TicketRow): Promise<W | null>;
      store(s: S, work: W): Promise<boolean>;
      after?(work: W, kept: boolean): Promise<void>;
    },
  ): Promise<boolean>;
}

/** A media bubble of a provider (Typebot image / video / audio): sent as that media when its URL serves one. */
export interface MediaReply {
  media: 'image' | 'video' | 'audio';
  url: string;
}

/** A reply of a provider: texts (and media) to send (in order) and what happens to the ticket afterwards. */
export interface IntegrationOutcome {
  texts: (string | MediaReply)[];
  action: 'stay' | 'handover' | 'close' | 'transfer';
  queueId?: number;
  /** The provider's session to keep (Typebot sessionId). */
  sessionId?: string;
  /** Why the integration gave up (logged; the ticket goes to an attendant). */
  failure?: string;
}

/** `X-Atendo-Signature: sha256=<hex HMAC-SHA256 of the raw body with the integration's secret>`. */
export function signBody(secret: string, body: string) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Typebot rich text (paragraphs of children with `text`) flattened to WhatsApp text. */
export function flattenRichText(nodes: unknown): string {
  const walk = (n: unknown): string => {
    if (!n || typeof n !== 'object') return '';
    const o = n as { text?: unknown; children?: unknown[]; bold?: boolean; italic?: boolean };
    if (typeof o.text === 'string') return o.bold ? `*${o.text}*` : o.italic ? `_${o.text}_` : o.text;
    return (o.children ?? []).map(walk).join('');
  };
  return Array.isArray(nodes) ? nodes.map(walk).join('\n') : '';
}

interface TypebotMessage {
  type?: string;
  content?: { richText?: unknown; url?: string; markdown?: string; html?: string };
}

const MEDIA_BUBBLES = new Set(['image', 'video', 'audio']);
const MEDIA_TIMEOUT_MS = 30_000;

/** Typebot's bubbles in order: text as text, image / video / audio as media to fetch, anything else (embeds) as its link. */
function typebotTexts(messages: TypebotMessage[] | undefined): (string | MediaReply)[] {
  const out: (string | MediaReply)[] = [];
  for (const m of messages ?? []) {
    if (m.type === 'text') {
      const text = (m.content?.richText ? flattenRichText(m.content.richText) : (m.content?.markdown ?? '')).trim();
      if (text) out.push(text);
      continue;
    }
    const url = (m.content?.url ?? '').trim();
    if (!url) continue;
    out.push(m.type && MEDIA_BUBBLES.has(m.type) ? { media: m.type as MediaReply['media'], url } : url);
  }
  return out;
}

/** A media reply ready to be stored as a message: the file kept in media storage, or its link when it could not be. */
type Prepared =
  | { text: string }
  | { file: { path: string; mime: string; size: number; name: string; kind: MediaReply['media'] } };

const mediaKindOf = (mime: string) => mime.split('/')[0];

/** The file name a link suggests (its last path segment, plain characters only), for the message's media name. */
function nameFromUrl(url: string, kind: string) {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    const clean = last.replace(/[^\w.\- ]+/g, '').slice(0, 100);
    return clean || kind;
  } catch {
    return kind;
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase() && b.trim() !== '';

export function createIntegrationRuntime<S extends BotStep>(
  deps: CoreDeps,
  bot: BotPort<S>,
  log?: (obj: object, msg: string) => void,
) {
  const { db } = deps.database;
  const fetchOut = () => outboundFetch(deps.config);

  async function findIntegration(tx: Db, companyId: number, id: number) {
    const [row] = await tx
      .select()
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
    return row ?? null;
  }

  async function findSession(tx: Db, companyId: number, ticketId: number) {
    const [row] = await tx
      .select()
      .from(integrationSessions)
      .where(and(eq(integrationSessions.companyId, companyId), eq(integrationSessions.ticketId, ticketId)));
    return row ?? null;
  }

  function enqueue(s: S, payload: JobPayload<typeof integrationTurnJob>) {
    s.timers.push({
      def: integrationTurnJob as JobDefinition,
      payload: payload as JobPayload<JobDefinition>,
      startAfterSeconds: 0,
    });
  }

  const withIntegration = (t: TicketRow, integrationId: number) =>
    t.status === 'pending' && !t.userId && t.isBot && t.useIntegration && t.integrationId === integrationId;

  /** Inside the automation's transaction: the ticket now talks to integration `id` (its first turn is a job). */
  async function start(s: S, integrationId: number | null): Promise<boolean> {
    const integration = integrationId ? await findIntegration(s.tx, s.companyId, integrationId) : null;
    if (!integration) return false;
    await bot.move(s, { integrationId: integration.id, useIntegration: true, isBot: true });
    await s.tx
      .delete(integrationSessions)
      .where(and(eq(integrationSessions.companyId, s.companyId), eq(integrationSessions.ticketId, s.ticket.id)));
    await s.tx
      .insert(integrationSessions)
      .values({ ticketId: s.ticket.id, companyId: s.companyId, integrationId: integration.id });
    enqueue(s, { companyId: s.companyId, ticketId: s.ticket.id, integrationId: integration.id, messageId: 0, text: s.body });
    return true;
  }

  /** Inside the automation's transaction: a customer message to a ticket with an integration goes to the job. */
  function turn(s: S, m: { messageId: number; body: string; mediaType?: string | null }) {
    if (!s.ticket.integrationId) return;
    enqueue(s, {
      companyId: s.companyId,
      ticketId: s.ticket.id,
      integrationId: s.ticket.integrationId,
      messageId: m.messageId,
      text: m.body ?? '',
      mediaType: m.mediaType ?? undefined,
    });
  }

  // ─── Providers (outside any transaction) ──────────────────────────────────

  async function typebot(
    i: IntegrationRow,
    session: SessionRow | null,
    p: JobPayload<typeof integrationTurnJob>,
    ticket: TicketRow,
  ): Promise<IntegrationOutcome> {
    const base = i.urlN8N.replace(/\/$/, '');
    const post = async (path: string, body: unknown) => {
      const res = await fetchOut()(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res;
    };
    const startChat = async (prefix: string[]): Promise<IntegrationOutcome> => {
      const res = await post(`/api/v1/typebots/${encodeURIComponent(i.typebotSlug)}/startChat`, {
        isStreamEnabled: false,
        prefilledVariables: { ticketId: ticket.id },
      });
      if (res.status !== 200) throw new Error(`typebot startChat answered ${res.status}`);
      const r = res.json<{ sessionId?: string; messages?: TypebotMessage[]; input?: unknown }>();
      if (!r.sessionId) throw new Error('typebot startChat gave no sessionId');
      return { texts: [...prefix, ...typebotTexts(r.messages)], action: r.input ? 'stay' : 'handover', sessionId: r.sessionId };
    };
    const expired =
      session?.sessionId && i.typebotExpires > 0 && Date.now() - session.updatedAt.getTime() > i.typebotExpires * 60_000;
    if (p.messageId === 0 || !session?.sessionId || expired) return startChat([]);
    if (same(p.text, i.typebotKeywordFinish)) return { texts: [], action: 'handover' };
    if (same(p.text, i.typebotKeywordRestart)) return startChat(i.typebotRestartMessage.trim() ? [i.typebotRestartMessage] : []);
    const res = await post(`/api/v1/sessions/${encodeURIComponent(session.sessionId)}/continueChat`, { message: p.text });
    if (res.status === 404) return startChat([]);
    if (res.status !== 200) throw new Error(`typebot continueChat answered ${res.status}`);
    const r = res.json<{ messages?: TypebotMessage[]; input?: unknown }>();
    const texts = typebotTexts(r.messages);
    // The same question again with nothing said: the answer was not one of its choices.
    if (!texts.length && r.input)
      return { texts: i.typebotUnknownMessage.trim() ? [i.typebotUnknownMessage] : [], action: 'stay' };
    return { texts, action: r.input ? 'stay' : 'handover' };
  }

  async function webhook(
    i: IntegrationRow,
    p: JobPayload<typeof integrationTurnJob>,
    ticket: TicketRow,
  ): Promise<IntegrationOutcome> {
    const [contact] = await db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number })
      .from(contacts)
      .where(and(eq(contacts.companyId, p.companyId), eq(contacts.id, ticket.contactId)));
    const body = JSON.stringify({
      event: p.messageId === 0 ? 'start' : 'message',
      integration: { id: i.id, name: i.name, type: i.type },
      ticket: { id: ticket.id, status: ticket.status, queueId: ticket.queueId, whatsappId: ticket.whatsappId },
      contact: contact ?? null,
      message: p.messageId === 0 ? null : { id: p.messageId, body: p.text, mediaType: p.mediaType ?? 'text', fromMe: false },
    });
    const res = await fetchOut()(i.urlN8N, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-atendo-signature': signBody(i.secret, body),
        'x-atendo-event': 'message',
      },
      body,
    });
    if (res.status < 200 || res.status >= 300) throw new Error(`${i.type} answered ${res.status}`);
    const raw = res.text().trim();
    if (!raw) return { texts: [], action: 'stay' };
    const answer = JSON.parse(raw) as {
      messages?: (string | { text?: string; body?: string })[];
      action?: string;
      queueId?: number;
    };
    const texts = (answer.messages ?? [])
      .map((m) => (typeof m === 'string' ? m : (m?.text ?? m?.body ?? '')))
      .filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    const action =
      answer.action === 'transfer' && Number.isInteger(answer.queueId)
        ? 'transfer'
        : answer.action === 'close'
          ? 'close'
          : answer.action === 'handover' || answer.action === 'transfer'
            ? 'handover'
            : 'stay';
    return { texts, action, queueId: answer.queueId };
  }

  async function dialogflow(i: IntegrationRow, p: JobPayload<typeof integrationTurnJob>, session: SessionRow | null) {
    const sessionId = session?.sessionId || `atendo-${p.ticketId}-${randomUUID()}`;
    if (p.messageId === 0 && !p.text.trim()) return { texts: [], action: 'stay' as const, sessionId };
    const answer = await detectIntent(deps.config, i, sessionId, p.text || '-');
    return { texts: answer.texts, action: answer.endInteraction ? ('handover' as const) : ('stay' as const), sessionId };
  }

  // ─── The job ──────────────────────────────────────────────────────────────

  async function runTurn(p: JobPayload<typeof integrationTurnJob>) {
    await bot.botTurn(p.companyId, p.ticketId, {
      ours: (t) => withIntegration(t, p.integrationId),
      work: (ticket) => talk(p, ticket),
      store: (s, w) => storeTurn(s, p, w),
      // Files downloaded for a turn that was not stored (answered already, or the ticket left the integration).
      after: async ({ prepared, kept }) => {
        for (const item of prepared) if ('file' in item && !kept.has(item.file.path)) await deps.media.remove(item.file.path);
      },
    });
  }

  /** The slow part of a turn: the provider's call and the media it points to. Null when this turn is not to be run. */
  async function talk(p: JobPayload<typeof integrationTurnJob>, ticket: TicketRow) {
    const integration = await findIntegration(db, p.companyId, p.integrationId);
    const session = await findSession(db, p.companyId, p.ticketId);
    if (!integration || !session || session.integrationId !== p.integrationId) return null;
    if (p.messageId !== 0 && p.messageId <= session.lastMessageId) return null;

    let outcome: IntegrationOutcome;
    try {
      if (integration.type === 'typebot') outcome = await typebot(integration, session, p, ticket);
      else if (integration.type === 'dialogflow') outcome = await dialogflow(integration, p, session);
      else outcome = await webhook(integration, p, ticket);
    } catch (e) {
      const reason =
        e instanceof OutboundRefused ? `refused (${e.reason}): ${e.message}` : e instanceof Error ? e.message : String(e);
      outcome = { texts: [], action: 'handover', failure: reason };
    }
    if (outcome.failure)
      log?.({ ticketId: p.ticketId, integrationId: p.integrationId, reason: outcome.failure }, 'integration failed');
    const prepared = await prepare(p.companyId, outcome.texts);
    return { integration, outcome, prepared, kept: new Set<string>() };
  }

  /** Inside the ticket's locked transaction: the replies, the session's progress, then what happens to the ticket. */
  async function storeTurn(
    s: S,
    p: JobPayload<typeof integrationTurnJob>,
    w: NonNullable<Awaited<ReturnType<typeof talk>>>,
  ): Promise<boolean> {
    const { integration, outcome, prepared, kept } = w;
    const current = await findSession(s.tx, s.companyId, s.ticket.id);
    if (!current || current.integrationId !== p.integrationId) return false;
    // A job that runs twice answers once: a start only while no session is kept, a message only once.
    if (p.messageId === 0 ? current.sessionId !== '' : p.messageId <= current.lastMessageId) return false;
    const delay = integration.type === 'typebot' ? Math.max(0, integration.typebotDelayMessage) / 1000 : 0;
    let n = 0;
    for (const item of prepared) {
      const body = 'text' in item ? item.text.trim() : '';
      if ((!body && !('file' in item)) || !s.ticket.whatsappId) continue;
      const file = 'file' in item ? item.file : null;
      const message = await insertAutomaticMessage(
        s.tx,
        { companyId: s.companyId },
        {
          ticketId: s.ticket.id,
          whatsappId: s.ticket.whatsappId,
          queueId: s.ticket.queueId,
          origin: { automatic: 'integration', integrationId: integration.id },
          body,
          media: file ? { type: file.kind, url: file.path, name: file.name, mimeType: file.mime, size: file.size } : undefined,
        },
      );
      if (file) kept.add(file.path);
      const afterSeconds = Math.ceil(n * delay);
      s.sent.push(
        afterSeconds > 0 ? { messageId: message.id, row: message, afterSeconds } : { messageId: message.id, row: message },
      );
      n += 1;
    }
    await s.tx
      .update(integrationSessions)
      .set({
        sessionId: outcome.sessionId ?? (current.sessionId || 'started'),
        lastMessageId: Math.max(current.lastMessageId, p.messageId),
        updatedAt: new Date(),
      })
      .where(and(eq(integrationSessions.companyId, s.companyId), eq(integrationSessions.ticketId, s.ticket.id)));
    if (outcome.action === 'stay') return true;
    await bot.move(s, { useIntegration: false, isBot: outcome.action === 'close' });
    if (outcome.failure) await bot.logStep(s, 'integrationFailed');
    if (outcome.action === 'close') {
      await bot.closeByBot(s);
      return true;
    }
    if (outcome.action === 'transfer' && outcome.queueId) {
      const [q] = await s.tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, s.companyId), eq(queues.id, outcome.queueId)));
      if (q) {
        await bot.move(s, { queueId: q.id, isBot: false, chatbotOptionId: null });
        await bot.logStep(s, 'redirect', { queueId: q.id });
        return true;
      }
    }
    await bot.handOver(s);
    return true;
  }

  /** Downloads each media reply (outside any transaction); a text stays a text, a media that fails becomes its link. */
  async function prepare(companyId: number, replies: IntegrationOutcome['texts']): Promise<Prepared[]> {
    const out: Prepared[] = [];
    let maxBytes: number | null = null;
    for (const r of replies) {
      if (typeof r === 'string') {
        out.push({ text: r });
        continue;
      }
      maxBytes ??= await mediaLimitBytes(db);
      try {
        const res = await fetchOut()(r.url, { timeoutMs: MEDIA_TIMEOUT_MS, maxBytes, headers: { accept: `${r.media}/*` } });
        if (res.status !== 200 || res.body.byteLength === 0) throw new Error(`answered HTTP ${res.status}`);
        const name = nameFromUrl(r.url, r.media);
        const stored = await deps.media.saveBuffer(
          companyId,
          'media',
          res.body,
          { mimetype: res.headers['content-type'], filename: name },
          { maxBytes },
        );
        // The bytes decide: an "image" that is not one (or is unknown content) goes as its link.
        if (mediaKindOf(stored.mime) !== r.media) {
          await deps.media.remove(stored.path);
          throw new Error(`its content is ${stored.mime}, not ${r.media}`);
        }
        out.push({ file: { ...stored, name, kind: r.media } });
      } catch (e) {
        log?.({ url: r.url, reason: e instanceof Error ? e.message : String(e) }, 'integration media sent as a link');
        out.push({ text: r.url });
      }
    }
    return out;
  }

  return { start, turn, runTurn };
}

export type IntegrationRuntime = ReturnType<typeof createIntegrationRuntime>;
