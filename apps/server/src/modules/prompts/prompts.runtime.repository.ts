/** SQL of the AI runtime: the ticket's state, its newest messages, token use; the company is in every filter. */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { aiUsage, messages, prompts, queues, ticketLogs } from '../../db/schema';
import type { Tenant } from '../../platform/context';
import type { ChatUsage } from './prompts.chat';

export type PromptRow = typeof prompts.$inferSelect;

export async function findPrompt(db: Db, { companyId }: Tenant, id: number): Promise<PromptRow | null> {
  const [p] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  return p ?? null;
}

/** What the runtime reads of a message for the model's history. */
const HISTORY_COLUMNS = {
  id: messages.id,
  body: messages.body,
  fromMe: messages.fromMe,
  mediaType: messages.mediaType,
  mediaUrl: messages.mediaUrl,
  mediaMimeType: messages.mediaMimeType,
  dataJson: messages.dataJson,
};

export type HistoryRow = Pick<typeof messages.$inferSelect, keyof typeof HISTORY_COLUMNS>;

/** The newest `limit` public messages of the ticket, oldest first. */
export async function newestMessages(db: Db, { companyId }: Tenant, ticketId: number, limit: number): Promise<HistoryRow[]> {
  const rows = await db
    .select(HISTORY_COLUMNS)
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.ticketId, ticketId),
        eq(messages.isPrivate, false),
        eq(messages.isDeleted, false),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** The customer's newest message in the ticket (the one a turn answers). */
export async function newestCustomerMessage(db: Db, { companyId }: Tenant, ticketId: number): Promise<HistoryRow | null> {
  const [m] = await db
    .select(HISTORY_COLUMNS)
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false)))
    .orderBy(desc(messages.id))
    .limit(1);
  return m ?? null;
}

export async function keepTranscription(db: Db, { companyId }: Tenant, messageId: number, text: string) {
  await db.execute(
    sql`UPDATE messages SET data_json = coalesce(data_json, '{}'::jsonb) || ${JSON.stringify({ transcription: text })}::jsonb
        WHERE company_id = ${companyId} AND id = ${messageId}`,
  );
}

export async function turnDone(db: Db, { companyId }: Tenant, ticketId: number, messageId: number) {
  const [row] = await db
    .select({ id: aiUsage.id })
    .from(aiUsage)
    .where(and(eq(aiUsage.companyId, companyId), eq(aiUsage.ticketId, ticketId), eq(aiUsage.messageId, messageId)));
  return Boolean(row);
}

/** Records a turn; false when this message was already answered (a job that ran twice). */
export async function recordTurn(
  db: Db,
  { companyId }: Tenant,
  v: {
    promptId: number;
    ticketId: number;
    messageId: number;
    outcome: 'answered' | 'transfer' | 'failed';
    reason?: string | null;
    usage?: ChatUsage | null;
  },
) {
  const rows = await db
    .insert(aiUsage)
    .values({
      companyId,
      promptId: v.promptId,
      ticketId: v.ticketId,
      messageId: v.messageId,
      outcome: v.outcome,
      reason: v.reason ?? null,
      promptTokens: v.usage?.prompt_tokens ?? 0,
      completionTokens: v.usage?.completion_tokens ?? 0,
      totalTokens: v.usage?.total_tokens ?? 0,
    })
    .onConflictDoNothing()
    .returning({ id: aiUsage.id });
  return rows.length > 0;
}

export async function insertHandoverLog(
  db: Db,
  { companyId }: Tenant,
  v: { ticketId: number; queueId: number | null; reason: string },
) {
  await db
    .insert(ticketLogs)
    .values({ companyId, ticketId: v.ticketId, type: 'aiHandover', queueId: v.queueId, reason: v.reason });
}

// ─── The attendants' co-pilot (docs/ai.md) ───────────────────────────────────

/**
 * The prompt whose key (and model) pays for a co-pilot call in a ticket of `queueId`: the queue's own prompt, else the
 * company's most recently changed prompt with a key. `ofQueue` says whether its instructions belong to this queue.
 */
export async function copilotPrompt(
  db: Db,
  { companyId }: Tenant,
  queueId: number | null,
): Promise<{ prompt: PromptRow; ofQueue: boolean } | null> {
  if (queueId) {
    const [own] = await db
      .select({ p: prompts })
      .from(queues)
      .innerJoin(prompts, and(eq(prompts.companyId, queues.companyId), eq(prompts.id, queues.promptId)))
      .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId), ne(prompts.apiKey, '')));
    if (own) return { prompt: own.p, ofQueue: true };
  }
  const [any] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), ne(prompts.apiKey, '')))
    .orderBy(desc(prompts.updatedAt), desc(prompts.id))
    .limit(1);
  return any ? { prompt: any, ofQueue: false } : null;
}

export interface ConversationLine {
  fromMe: boolean;
  isPrivate: boolean;
  body: string;
  mediaType: string;
  transcription: string | null;
}

/** The newest `limit` messages of the ticket, private notes included, oldest first (the co-pilot's reading). */
export async function conversationLines(db: Db, { companyId }: Tenant, ticketId: number, limit: number) {
  const rows = await db
    .select({ ...HISTORY_COLUMNS, isPrivate: messages.isPrivate })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse().map(
    (m): ConversationLine => ({
      fromMe: m.fromMe,
      isPrivate: m.isPrivate,
      body: m.body,
      mediaType: m.mediaType,
      transcription: typeof m.dataJson?.transcription === 'string' ? m.dataJson.transcription : null,
    }),
  );
}

/** A co-pilot call's tokens, counted with the prompts' usage under the prompt whose key paid (no message: never unique). */
export async function recordCopilotUse(
  db: Db,
  { companyId }: Tenant,
  v: { promptId: number; ticketId: number; action: string; usage: ChatUsage | null },
) {
  await db.insert(aiUsage).values({
    companyId,
    promptId: v.promptId,
    ticketId: v.ticketId,
    messageId: null,
    outcome: `copilot.${v.action}`,
    promptTokens: v.usage?.prompt_tokens ?? 0,
    completionTokens: v.usage?.completion_tokens ?? 0,
    totalTokens: v.usage?.total_tokens ?? 0,
  });
}
