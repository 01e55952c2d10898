/**
 * The attendants' AI co-pilot (docs/ai.md, decision 103): in a ticket the attendant may write in (the same check as
 * sending a message), the company's AI prompt key drafts a reply, summarises the conversation into a private note or
 * improves a draft. Nothing reaches the customer: a draft is only returned, the summary is a private note. Each call's
 * tokens are counted with the prompts' usage; the company's calls are rate limited; the provider's refusals are
 * explained with their own error codes.
 */
import {
  COPILOT_HISTORY,
  COPILOT_RATE,
  type ConversationMessageDto,
  type CopilotAction,
  type CopilotBody,
  type CopilotImproveBody,
  type SendMessageBody,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { OutboundRefused } from '../../platform/safe-fetch';
import { chatCompletion, ProviderAnswered } from './prompts.chat';
import { copilotMessages, hasConversation } from './prompts.copilot.rules';
import * as repo from './prompts.runtime.repository';

/** An attendant waits for the answer: a shorter bound than the bot's turns. */
const COPILOT_TIMEOUT_MS = 30_000;
/** Room for a reply or a summary, whatever the prompt's own max_tokens (set for the bot's short turns). */
const COPILOT_MAX_TOKENS = 600;

/** What the co-pilot needs of the conversation module: the writable check (answering the ticket) and a private note. */
export interface CopilotConversation {
  checkWritable(ctx: TenantContext, ticketId: number): Promise<{ id: number; queueId: number | null }>;
  send(ctx: TenantContext, ticketId: number, b: SendMessageBody): Promise<ConversationMessageDto>;
}

/** A provider failure as the attendant reads it. */
export function copilotError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof OutboundRefused) {
    return new AppError(err.reason === 'timeout' ? 'ERR_AI_TIMEOUT' : 'ERR_AI_PROVIDER_FAILED', undefined, {
      reason: err.reason,
    });
  }
  if (err instanceof ProviderAnswered) {
    if (err.status === 401 || err.status === 403) return new AppError('ERR_AI_KEY_INVALID', undefined, { status: err.status });
    if (err.status === 429) return new AppError('ERR_AI_RATE_LIMITED', undefined, { status: err.status });
    return new AppError('ERR_AI_PROVIDER_FAILED', undefined, { status: err.status });
  }
  return new AppError('ERR_AI_PROVIDER_FAILED');
}

export function createCopilotService(deps: CoreDeps, conversation: CopilotConversation) {
  const { db } = deps.database;

  /** The checks every action makes, in order: the ticket (404 / 409), the company's rate, a key to pay with. */
  async function prepare(ctx: TenantContext, ticketId: number) {
    const ticket = await conversation.checkWritable(ctx, ticketId);
    const rate = await deps.limiter.hit(`ai-copilot:${ctx.companyId}`, COPILOT_RATE.limit, COPILOT_RATE.windowMs);
    if (!rate.allowed) throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { retryAfterSeconds: rate.retryAfterSeconds });
    const found = await repo.copilotPrompt(db, ctx, ticket.queueId);
    if (!found) throw new AppError('ERR_AI_KEY_MISSING');
    return { ticket, ...found };
  }

  async function ask(
    ctx: TenantContext,
    action: CopilotAction,
    p: { ticket: { id: number }; prompt: repo.PromptRow },
    messages: ReturnType<typeof copilotMessages>,
  ) {
    let answer: Awaited<ReturnType<typeof chatCompletion>>;
    try {
      answer = await chatCompletion(deps.config, {
        apiKey: p.prompt.apiKey,
        model: p.prompt.model,
        messages,
        maxTokens: Math.max(p.prompt.maxTokens, COPILOT_MAX_TOKENS),
        temperature: p.prompt.temperature,
        timeoutMs: COPILOT_TIMEOUT_MS,
      });
    } catch (err) {
      throw copilotError(err);
    }
    await repo.recordCopilotUse(db, ctx, { promptId: p.prompt.id, ticketId: p.ticket.id, action, usage: answer.usage });
    const text = answer.content.trim();
    if (!text) throw new AppError('ERR_AI_PROVIDER_FAILED', undefined, { reason: 'empty answer' });
    return text;
  }

  async function readConversation(ctx: TenantContext, ticketId: number) {
    const lines = await repo.conversationLines(db, ctx, ticketId, COPILOT_HISTORY);
    if (!hasConversation(lines)) throw new AppError('ERR_AI_NOTHING_TO_READ');
    return lines;
  }

  return {
    /** A draft of the next reply from the conversation and the queue's prompt instructions; never sent. */
    async suggest(ctx: TenantContext, ticketId: number, b: CopilotBody) {
      const p = await prepare(ctx, ticketId);
      const lines = await readConversation(ctx, p.ticket.id);
      const instructions = p.ofQueue ? p.prompt.prompt : null;
      return { text: await ask(ctx, 'suggest', p, copilotMessages('suggest', { instructions, lines, language: b.language })) };
    },

    /** The conversation summarised into a private note of the attendant (stored, shown to the team, never sent). */
    async summary(ctx: TenantContext, ticketId: number, b: CopilotBody) {
      const p = await prepare(ctx, ticketId);
      const lines = await readConversation(ctx, p.ticket.id);
      const text = await ask(ctx, 'summary', p, copilotMessages('summary', { lines, language: b.language }));
      const message = await conversation.send(ctx, p.ticket.id, { body: text, isPrivate: true });
      return { text, message };
    },

    /** The attendant's draft rewritten (spelling, tone); returned for the composer, never sent. */
    async improve(ctx: TenantContext, ticketId: number, b: CopilotImproveBody) {
      const p = await prepare(ctx, ticketId);
      return { text: await ask(ctx, 'improve', p, copilotMessages('improve', { draft: b.draft, language: b.language })) };
    },
  };
}

export type CopilotService = ReturnType<typeof createCopilotService>;
