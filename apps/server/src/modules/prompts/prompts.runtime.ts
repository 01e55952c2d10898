/**
 * The AI runtime (docs/automation.md "AI prompts"): a ticket whose queue or connection has a prompt is answered by an
 * OpenAI-compatible chat model, as the bot, until the customer or the model asks for a person, or the provider fails —
 * then it waits for the queue's attendants (isBot false, promptId cleared, an aiHandover log entry with the reason).
 *
 * The automation decides inside the ticket's lock (enter, onCustomerMessage) and only enqueues `prompts.reply`; the job
 * transcribes, fetches the feed, calls the model and the speech service without any lock, then stores the reply in a
 * short `withTicket` transaction that re-checks the ticket is still the prompt's and that this message has no answer
 * yet (ai_usage is unique per ticket and message): a job that runs twice answers once. That read → work → locked
 * re-check → store frame is the automation's `botTurn` (automation.step.ts), shared with the integrations runtime.
 */
import { Readable } from 'node:stream';
import type { CoreDeps } from '../../platform/deps';
import type { Log } from '../../platform/logger';
import { OutboundRefused, outboundFetch } from '../../platform/safe-fetch';
import type { Step, StepEffects } from '../automation/automation.public';
import { transcribe, transcriptionFailure } from '../conversation/conversation.public';
import { insertAutomaticMessage } from '../messages/messages.public';
import { getGlobalSetting } from '../settings/settings.public';
import { type ChatUsage, chatCompletion } from './prompts.chat';
import { promptReplyJob } from './prompts.jobs';
import { asksForPerson, chatMessages, readAnswer, ssmlFor } from './prompts.rules';
import * as repo from './prompts.runtime.repository';

const CHAT_TIMEOUT_MS = 60_000;
const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 1_000_000;
const SPEECH_MAX_BYTES = 5_000_000;
/** A customer's audio is transcribed within this, else the turn hands over (the model's own call has CHAT_TIMEOUT_MS). */
const TRANSCRIPTION_TIMEOUT_MS = 30_000;
/** How long a turn waits for a customer's audio to be downloaded before handing over: AUDIO_WAITS × AUDIO_WAIT_SECONDS. */
const AUDIO_WAITS = 15;
const AUDIO_WAIT_SECONDS = 2;

interface Turn {
  text: string;
  transfer: boolean;
  reason: string | null;
  usage: ChatUsage | null;
  audio: { path: string; mime: string; size: number } | null;
}

export interface PromptRuntimeHooks {
  /** The queue position message after a hand-over (the automation's own rule). */
  sendPosition(s: Step): Promise<void>;
}

export function createPromptRuntime(deps: CoreDeps, fx: StepEffects, hooks: PromptRuntimeHooks, log?: Log) {
  const { db } = deps.database;
  const { move, say } = fx;
  const http = () => outboundFetch(deps.config);

  function answerLater(s: Step) {
    s.timers.push({ def: promptReplyJob, payload: { companyId: s.companyId, ticketId: s.ticket.id }, startAfterSeconds: 0 });
  }

  async function handOver(s: Step, reason: string) {
    await move(s, { isBot: false, promptId: null, useIntegration: false });
    await repo.insertHandoverLog(s.tx, { companyId: s.companyId }, { ticketId: s.ticket.id, queueId: s.ticket.queueId, reason });
    await hooks.sendPosition(s);
  }

  /**
   * The ticket reaches a queue (or connection) with a prompt: the model talks from now on. `queueId` is the queue it
   * reached (a connection's prompt sends it to the prompt's sector). False when the prompt no longer exists.
   */
  async function enter(s: Step, promptId: number, o: { queueId?: number; prefix?: string } = {}): Promise<boolean> {
    const prompt = await repo.findPrompt(s.tx, { companyId: s.companyId }, promptId);
    if (!prompt) return false;
    const queueId = o.queueId ?? prompt.queueId ?? s.ticket.queueId;
    await move(s, { isBot: true, promptId: prompt.id, queueId, chatbotOptionId: null, amountUsedBotQueues: 0 });
    await fx.logStep(s, 'chatBot', { queueId });
    if (o.prefix?.trim()) await say(s, o.prefix, 'greeting');
    answerLater(s);
    return true;
  }

  /** A customer's message while the prompt has the ticket: a person asked for, or the model's turn. */
  async function onCustomerMessage(s: Step) {
    if (s.body && asksForPerson(s.body)) return handOver(s, 'customer asked for an attendant');
    answerLater(s);
  }

  // ─── The job: everything slow, outside the ticket's lock ───────────────────

  async function feedOf(prompt: repo.PromptRow): Promise<unknown> {
    if (!prompt.useExternalApi || !prompt.apiUrl) return undefined;
    try {
      const res = await http()(prompt.apiUrl, {
        timeoutMs: FEED_TIMEOUT_MS,
        maxBytes: FEED_MAX_BYTES,
        headers: { accept: 'application/json' },
      });
      if (res.status >= 200 && res.status < 300) return res.json();
      log?.warn({ promptId: prompt.id, status: res.status }, 'prompt feed answered an error; the stored data is used');
    } catch (err) {
      log?.warn({ promptId: prompt.id, err: (err as Error).message }, 'prompt feed unreachable; the stored data is used');
    }
    return prompt.apiJsonData ?? undefined;
  }

  async function transcribed(companyId: number, m: repo.HistoryRow): Promise<string | null> {
    const kept = m.dataJson?.transcription;
    if (typeof kept === 'string') return kept;
    const key = (await getGlobalSetting(db, 'openaikeyaudio'))?.trim();
    const abs = m.mediaUrl ? deps.media.resolve(m.mediaUrl) : null;
    if (!key || !abs) return null;
    let text: string;
    try {
      text = await transcribe({
        file: abs,
        mimeType: m.mediaMimeType,
        apiUrl: deps.config.openAiApiUrl,
        apiKey: key,
        fetch: http(),
        timeoutMs: TRANSCRIPTION_TIMEOUT_MS,
      });
    } catch (err) {
      // The turn hands over with this reason in the ticket log (the customer waits for an attendant, not for nothing).
      throw new Error(transcriptionFailure(err));
    }
    await repo.keepTranscription(db, { companyId }, m.id, text);
    return text;
  }

  const complete = (prompt: repo.PromptRow, messages: ReturnType<typeof chatMessages>) =>
    chatCompletion(deps.config, {
      apiKey: prompt.apiKey,
      model: prompt.model,
      messages,
      maxTokens: prompt.maxTokens,
      temperature: prompt.temperature,
      timeoutMs: CHAT_TIMEOUT_MS,
    });

  async function speak(companyId: number, prompt: repo.PromptRow, text: string): Promise<Turn['audio']> {
    const base = deps.config.speechApiUrl.replace('{region}', encodeURIComponent(prompt.voiceRegion));
    try {
      const res = await http()(`${base}/cognitiveservices/v1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/ssml+xml',
          'ocp-apim-subscription-key': prompt.voiceKey,
          'x-microsoft-outputformat': 'ogg-24khz-16bit-mono-opus',
          'user-agent': 'atendo',
        },
        body: ssmlFor(prompt.voice, text),
        timeoutMs: CHAT_TIMEOUT_MS,
        maxBytes: SPEECH_MAX_BYTES,
      });
      if (res.status !== 200 || !res.body.byteLength) throw new Error(`speech service answered HTTP ${res.status}`);
      return await deps.media.save(companyId, 'media', Readable.from(res.body), { mimetype: 'audio/ogg', filename: 'voz.ogg' });
    } catch (err) {
      // The reply still reaches the customer, as text.
      log?.warn({ promptId: prompt.id, err: (err as Error).message }, 'speech synthesis failed; the reply goes as text');
      return null;
    }
  }

  /** Provider, feed and transcription failures become a reason (the customer is handed over, the admin reads why). */
  const reasonOf = (err: unknown) =>
    err instanceof OutboundRefused ? `AI provider unreachable (${err.reason})` : (err as Error).message || 'AI provider failed';

  /** The ticket is the prompt's: pending, no attendant, the bot talking (and, once read, still this prompt). */
  const withPrompt = (t: { promptId: number | null; isBot: boolean; status: string; userId: number | null }) =>
    Boolean(t.promptId) && t.isBot && t.status === 'pending' && !t.userId;

  /** One AI turn (automation's botTurn): the answer is worked out outside any lock, then stored if still the prompt's. */
  async function reply(companyId: number, ticketId: number, waited = 0) {
    const tenant = { companyId };
    let promptId: number | null = null;
    await fx.botTurn(companyId, ticketId, {
      // Still the prompt's (no attendant took it, not handed over, not closed meanwhile).
      ours: (t) => {
        promptId ??= t.promptId;
        return withPrompt(t) && t.promptId === promptId;
      },
      work: (ticket) => think(companyId, ticketId, ticket.promptId as number, waited),
      store: async (s, { prompt, question, turn }) => {
        const outcome = turn.reason && !turn.usage ? 'failed' : turn.transfer ? 'transfer' : 'answered';
        const first = await repo.recordTurn(s.tx, tenant, {
          promptId: prompt.id,
          ticketId,
          messageId: question.id,
          outcome,
          reason: turn.reason,
          usage: turn.usage,
        });
        if (!first) return false;
        if (turn.audio) await sayAudio(s, turn.audio);
        else if (turn.text) await say(s, turn.text, 'ai');
        if (turn.transfer) await handOver(s, turn.reason ?? 'handed over');
        return true;
      },
      after: async ({ turn }, kept) => {
        if (!kept && turn.audio) await deps.media.remove(turn.audio.path);
      },
    });
  }

  /** The slow part of a turn: transcription, feed, model, speech. Null when there is nothing to answer (yet). */
  async function think(companyId: number, ticketId: number, promptId: number, waited: number) {
    const tenant = { companyId };
    const prompt = await repo.findPrompt(db, tenant, promptId);
    const question = await repo.newestCustomerMessage(db, tenant, ticketId);
    if (!prompt || !question || (await repo.turnDone(db, tenant, ticketId, question.id))) return null;
    // A customer's audio is downloaded by its own job (messages.downloadMedia): the turn waits for it a little.
    const mediaError = question.dataJson?.mediaError;
    if (question.mediaType === 'audio' && !question.mediaUrl && !mediaError && waited < AUDIO_WAITS) {
      await deps.jobs.send(promptReplyJob, { companyId, ticketId, waited: waited + 1 }, { startAfter: AUDIO_WAIT_SECONDS });
      return null;
    }

    const turn: Turn = { text: '', transfer: false, reason: null, usage: null, audio: null };
    try {
      let heard = question.body;
      if (question.mediaType === 'audio') {
        if (!question.mediaUrl) {
          throw new Error(
            `audio not transcribed: ${mediaError ? `download failed (${String(mediaError)})` : 'not downloaded in time'}`,
          );
        }
        const text = await transcribed(companyId, question);
        if (text === null) throw new Error('audio not transcribed (no audio key)');
        heard = text;
      }
      if (asksForPerson(heard)) {
        turn.transfer = true;
        turn.reason = 'customer asked for an attendant';
      } else {
        const history = await repo.newestMessages(db, tenant, ticketId, Math.max(1, prompt.maxMessages));
        const items = history.map((m) => ({
          fromMe: m.fromMe,
          body: m.body,
          mediaType: m.mediaType,
          transcription: m.id === question.id ? heard : (m.dataJson?.transcription as string | undefined),
        }));
        const { content, usage } = await complete(prompt, chatMessages(prompt.prompt, items, await feedOf(prompt)));
        const answer = readAnswer(content);
        turn.text = answer.text;
        turn.usage = usage;
        if (answer.transfer) {
          turn.transfer = true;
          turn.reason = 'the model asked for an attendant';
        } else if (!answer.text) {
          turn.transfer = true;
          turn.reason = 'the model answered nothing';
        }
      }
    } catch (err) {
      turn.transfer = true;
      turn.text = '';
      turn.reason = reasonOf(err);
      log?.warn({ ticketId, promptId: prompt.id, reason: turn.reason }, 'AI turn failed; ticket handed to the queue');
    }
    if (turn.text && prompt.voice !== 'texto' && prompt.voiceKey && prompt.voiceRegion) {
      turn.audio = await speak(companyId, prompt, turn.text);
    }

    return { prompt, question, turn };
  }

  async function sayAudio(s: Step, audio: NonNullable<Turn['audio']>) {
    if (!s.ticket.whatsappId) return;
    const message = await insertAutomaticMessage(
      s.tx,
      { companyId: s.companyId },
      {
        ticketId: s.ticket.id,
        whatsappId: s.ticket.whatsappId,
        queueId: s.ticket.queueId,
        origin: { automatic: 'ai', voice: true },
        body: '',
        media: { type: 'audio', url: audio.path, name: 'voz.ogg', mimeType: audio.mime, size: audio.size },
      },
    );
    s.sent.push({ messageId: message.id, row: message });
  }

  return { enter, onCustomerMessage, reply };
}

export type PromptRuntime = ReturnType<typeof createPromptRuntime>;

export function registerPromptJobs(deps: CoreDeps, runtime: PromptRuntime) {
  // A model answers in seconds: four turns (of different tickets, or the same one re-checked under its lock) at once.
  deps.jobs.register(
    promptReplyJob,
    async ({ companyId, ticketId, waited }) => {
      await runtime.reply(companyId, ticketId, waited ?? 0);
    },
    { concurrency: 4 },
  );
}
