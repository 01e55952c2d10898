import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, escapeLike, rowsOf } from '../../db/open';
import { aiUsage, prompts, queues } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export type PromptRow = typeof prompts.$inferSelect;
export type PromptWithQueue = PromptRow & { queue: { id: number; name: string; color: string } | null };
type PromptValues = Partial<Omit<typeof prompts.$inferInsert, 'id' | 'companyId'>>;

const selection = {
  prompt: prompts,
  queue: { id: queues.id, name: queues.name, color: queues.color },
};

function withQueue(r: { prompt: PromptRow; queue: { id: number | null; name: string | null; color: string | null } | null }) {
  const q = r.queue;
  return { ...r.prompt, queue: q && q.id !== null ? { id: q.id, name: q.name ?? '', color: q.color ?? '' } : null };
}

export async function listPrompts(db: Db, { companyId }: Tenant, f: { search?: string }): Promise<PromptWithQueue[]> {
  const like = f.search ? `%${escapeLike(f.search)}%` : null;
  const rows = await db
    .select(selection)
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)))
    .where(and(eq(prompts.companyId, companyId), like ? sql`${prompts.name} ILIKE ${like}` : undefined))
    .orderBy(asc(prompts.name), asc(prompts.id))
    .limit(500);
  return rows.map(withQueue);
}

export async function findPrompt(db: Db, { companyId }: Tenant, id: number): Promise<PromptWithQueue | null> {
  const [row] = await db
    .select(selection)
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)))
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)));
  return row ? withQueue(row) : null;
}

export async function queueExists(db: Db, { companyId }: Tenant, queueId: number) {
  const [q] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return Boolean(q);
}

export async function insertPrompt(
  db: Db,
  { companyId }: Tenant,
  v: PromptValues & { name: string; prompt: string; apiKey: string },
) {
  const [row] = await db
    .insert(prompts)
    .values({ ...v, companyId })
    .returning({ id: prompts.id });
  return row.id;
}

export async function updatePrompt(db: Db, { companyId }: Tenant, id: number, v: PromptValues) {
  const rows = await db
    .update(prompts)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
    .returning({ id: prompts.id });
  return rows.length > 0;
}

/**
 * The prompt's sector is the queue that uses it (issue 31 item 7): the queue's promptId becomes this prompt; the queue
 * the prompt served before (when it still used it) is left without one; another prompt whose sector was this queue is
 * left without a sector (a queue has one prompt). Runs in the caller's transaction; answers every queue it changed.
 */
export async function attachToQueue(
  tx: Db,
  { companyId }: Tenant,
  promptId: number,
  queueId: number,
  previousQueueId: number | null,
) {
  const changed = new Set<number>();
  const attached = rowsOf<{ id: number }>(
    await tx.execute(sql`UPDATE queues SET prompt_id = ${promptId}, updated_at = now()
      WHERE company_id = ${companyId} AND id = ${queueId} AND prompt_id IS DISTINCT FROM ${promptId} RETURNING id`),
  );
  for (const r of attached) changed.add(r.id);
  if (previousQueueId !== null && previousQueueId !== queueId) {
    const left = rowsOf<{ id: number }>(
      await tx.execute(sql`UPDATE queues SET prompt_id = NULL, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${previousQueueId} AND prompt_id = ${promptId} RETURNING id`),
    );
    for (const r of left) changed.add(r.id);
  }
  const displaced = rowsOf<{ id: number }>(
    await tx.execute(sql`UPDATE prompts SET queue_id = NULL, updated_at = now()
      WHERE company_id = ${companyId} AND queue_id = ${queueId} AND id <> ${promptId} RETURNING id`),
  );
  return { queueIds: [...changed], displacedPromptIds: displaced.map((r) => r.id) };
}

/** Deletes the prompt and unbinds it from queues and connections (their promptId is a plain column); bot tickets it answered go to their queue. */
export async function deletePrompt(db: Db, { companyId }: Tenant, id: number) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(prompts)
      .where(and(eq(prompts.companyId, companyId), eq(prompts.id, id)))
      .returning({ id: prompts.id });
    if (!rows.length) return false;
    await tx.execute(sql`UPDATE queues SET prompt_id = NULL WHERE company_id = ${companyId} AND prompt_id = ${id}`);
    await tx.execute(sql`UPDATE whatsapps SET prompt_id = NULL WHERE company_id = ${companyId} AND prompt_id = ${id}`);
    await tx.execute(
      sql`UPDATE tickets SET prompt_id = NULL, is_bot = false WHERE company_id = ${companyId} AND prompt_id = ${id}`,
    );
    return true;
  });
}

/**
 * The company's token use since the start of the current month in `timezone`, per prompt (deleted prompts: promptId
 * null, name ''), most used first; `month` is YYYY-MM and `from` the month's start, both in that timezone.
 */
export async function monthlyUsage(db: Db, { companyId }: Tenant, timezone: string) {
  const [span] = rowsOf<{ month: string; from: Date | string }>(
    await db.execute(sql`
      SELECT to_char(now() AT TIME ZONE ${timezone}, 'YYYY-MM') AS month,
        date_trunc('month', now() AT TIME ZONE ${timezone}) AT TIME ZONE ${timezone} AS "from"`),
  );
  const from = new Date(span.from);
  const rows = await db
    .select({
      promptId: aiUsage.promptId,
      name: sql<string | null>`max(${prompts.name})`,
      turns: sql<number>`count(*)::int`,
      promptTokens: sql<number>`coalesce(sum(${aiUsage.promptTokens}), 0)::int`,
      completionTokens: sql<number>`coalesce(sum(${aiUsage.completionTokens}), 0)::int`,
      totalTokens: sql<number>`coalesce(sum(${aiUsage.totalTokens}), 0)::int`,
    })
    .from(aiUsage)
    .leftJoin(prompts, and(eq(prompts.id, aiUsage.promptId), eq(prompts.companyId, aiUsage.companyId)))
    .where(and(eq(aiUsage.companyId, companyId), sql`${aiUsage.createdAt} >= ${from.toISOString()}`))
    .groupBy(aiUsage.promptId)
    .orderBy(sql`coalesce(sum(${aiUsage.totalTokens}), 0) DESC`, asc(aiUsage.promptId));
  return {
    month: span.month,
    from,
    rows: rows.map((r) => ({
      promptId: r.promptId,
      name: r.name ?? '',
      turns: Number(r.turns),
      promptTokens: Number(r.promptTokens),
      completionTokens: Number(r.completionTokens),
      totalTokens: Number(r.totalTokens),
    })),
  };
}
